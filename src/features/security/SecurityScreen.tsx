/**
 * The security centre (/setting/security, from Settings; docs/security.md): what protects the
 * account — the authenticator app (on or off, how many recovery codes are left) and the passkeys —,
 * the account's contacts and devices, the way to the withdrawal address book, the withdrawal pause with the moment it ends while one runs,
 * and the last security changes, each named and timed. Each row leads to the screen that changes it.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { asOfTime } from '../../api/query';
import { useSecurityOverview } from '../../api/queries';
import type { SecurityChangeKind } from '../../domain/security';
import type { SecurityOverview } from '../../domain/wire';
import { userInfoAtom } from '../../storage/session';
import { AsOfLine } from '../../ui/AsOf';
import { QueryFallback } from '../../ui/EmptyState';
import { BookIcon, LockIcon } from '../../ui/icons';
import { ClockIcon, KeyIcon, LinkIcon, PhoneIcon, ShieldIcon } from '../../ui/moreIcons';
import { Row, RowGroup } from '../../ui/Rows';
import { Screen } from '../../ui/Screen';
import { useWithdrawalPause, WithdrawalPauseNotice } from '../shared/money/WithdrawalPause';
import { StatusBadge, useFormatTime } from '../shared/records';
import { AntiPhishingDialog } from './AntiPhishingDialog';

export default function SecurityScreen() {
  const { t } = useLingui();
  const overview = useSecurityOverview();
  const data = overview.data;
  const pausedUntil = useWithdrawalPause();

  return (
    <Screen>
      <div className="space-y-6 pt-2 pb-6">
        {data ? (
          <>
            <div className="space-y-3 px-4 empty:hidden">
              <AsOfLine time={asOfTime(overview)} />
              {pausedUntil ? <WithdrawalPauseNotice until={pausedUntil} centreLink={false} /> : null}
              {!data.secondFactor.totp ? (
                <p className="text-sm leading-relaxed text-muted">
                  <Trans>
                    Add a second step to your sign-in: with an authenticator app, your password alone no longer opens your account, and
                    withdrawals ask for a code from your phone.
                  </Trans>
                </p>
              ) : null}
            </div>
            <Protection overview={data} />
            <AccountRows overview={data} />
            <Changes changes={data.changes} />
          </>
        ) : (
          <div className="px-4">
            <QueryFallback query={overview} icon={<ShieldIcon size={36} />} failedTitle={t`Your security settings could not be loaded`} />
          </div>
        )}
      </div>
    </Screen>
  );
}

/** How the account is signed in and payments confirmed beyond the password: the authenticator app, the passkeys. */
function Protection({ overview }: { overview: SecurityOverview }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { totp, recoveryCodesLeft: left } = overview.secondFactor;
  const leftText = t({ message: plural(left, { one: '# recovery code left', other: '# recovery codes left' }) });
  return (
    <RowGroup title={t`Second factor`}>
      <Row
        label={t`Authenticator app`}
        icon={<ShieldIcon size={22} />}
        value={
          totp ? (
            <span className="flex flex-col items-end gap-0.5">
              <StatusBadge tone="done">{t`On`}</StatusBadge>
              <span className={left <= 3 ? 'font-semibold text-amber-800' : undefined}>{leftText}</span>
            </span>
          ) : (
            t`Off`
          )
        }
        onClick={() => void navigate({ to: '/setting/security/authenticator' })}
      />
      <Row label={t`Passkeys`} icon={<KeyIcon size={22} />} onClick={() => void navigate({ to: '/setting/security/passkeys' })} />
    </RowGroup>
  );
}

/** The account's contacts (linked or not), the anti-phishing code of its e-mails and its signed-in devices. */
function AccountRows({ overview }: { overview: SecurityOverview }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const [editingCode, setEditingCode] = useState(false);
  const contact = (value: string | null | undefined) =>
    value ? (
      <bdi dir="ltr" className="tabular-nums">
        {value}
      </bdi>
    ) : (
      t`Not linked`
    );
  return (
    <RowGroup title={t`Account`}>
      <Row
        label={t`E-mail address`}
        icon={<LinkIcon size={22} />}
        value={contact(user?.email)}
        onClick={() => void navigate({ to: '/setting/security/contact', search: { which: 'email' } })}
      />
      <Row
        label={t`Phone number`}
        icon={<PhoneIcon size={22} />}
        value={contact(user?.phone)}
        onClick={() => void navigate({ to: '/setting/security/contact', search: { which: 'phone' } })}
      />
      <Row
        label={t`Anti-phishing code`}
        icon={<ShieldIcon size={22} />}
        value={overview.antiPhishingCode ? <bdi>{overview.antiPhishingCode}</bdi> : t`Not set`}
        onClick={() => setEditingCode(true)}
      />
      <Row label={t`Devices and sign-ins`} icon={<LockIcon size={22} />} onClick={() => void navigate({ to: '/setting/security/devices' })} />
      <Row label={t`Withdrawal address book`} icon={<BookIcon size={22} />} onClick={() => void navigate({ to: '/withdraw/address-book' })} />
      <AntiPhishingDialog opened={editingCode} current={overview.antiPhishingCode} onClose={() => setEditingCode(false)} />
    </RowGroup>
  );
}

/** Each kind of security change in words; a kind this version does not know yet reads as a change of security settings. */
function useChangeNames(): (kind: SecurityChangeKind) => string {
  const { t } = useLingui();
  const names: Record<SecurityChangeKind, string> = {
    password: t`Login password changed`,
    passwordReset: t`Login password reset with a code`,
    payPassword: t`Payment password changed`,
    email: t`E-mail address changed`,
    phone: t`Phone number changed`,
    totpOn: t`Authenticator app turned on`,
    totpOff: t`Authenticator app turned off`,
    passkeyAdded: t`Passkey added`,
    passkeyRemoved: t`Passkey removed`,
    addressBookLock: t`Address book lock changed`,
    operatorReset: t`Second factor reset by customer service`,
  };
  return (kind) => names[kind] ?? t`Security settings changed`;
}

function Changes({ changes }: { changes: SecurityOverview['changes'] }) {
  const { t } = useLingui();
  const nameOf = useChangeNames();
  const formatTime = useFormatTime();
  return (
    <section aria-label={t`Recent security changes`}>
      <h2 className="px-5 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t`Recent security changes`}</h2>
      <div className="mx-4 rounded-3xl bg-surface">
        {changes.length === 0 ? (
          <p className="px-4 py-4 text-sm text-muted">{t`No security changes yet.`}</p>
        ) : (
          <ul className="divide-y divide-line">
            {changes.map((change, index) => (
              <ChangeItem key={`${change.at}-${index}`} icon={<ClockIcon size={20} />} name={nameOf(change.kind)} time={formatTime(change.at)} at={change.at} />
            ))}
          </ul>
        )}
      </div>
      <p className="px-5 pt-2 text-xs leading-relaxed text-muted">
        <Trans>After each change, withdrawals pause for 24 hours and your other devices are signed out.</Trans>
      </p>
    </section>
  );
}

function ChangeItem({ icon, name, time, at }: { icon: ReactNode; name: string; time: string; at: string }) {
  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <span className="mt-0.5 shrink-0 text-sea-700">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm text-ink">{name}</span>
        <time dateTime={at} className="block text-xs text-muted">
          {time}
        </time>
      </span>
    </li>
  );
}
