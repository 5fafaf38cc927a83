/**
 * Devices and sign-ins (/setting/security/devices): the account's signed-in sessions — the
 * device and browser, when each signed in and from which address, this one marked — with "End"
 * for each other one and "End all other sessions", both confirmed first; below, the sign-ins of
 * the last 30 days, successful and failed, with their time, device and address.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { loadable } from '../../api/query';
import { SIGN_INS_KEPT_DAYS, type AccountSession, type Device, type SignIn } from '../../domain/devices';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/feedback/confirm';
import { toast } from '../../ui/feedback/toast';
import { ClockIcon, ComputerIcon, PhoneIcon, ShieldIcon, TabletIcon } from '../../ui/moreIcons';
import { Loading } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { useCounts } from '../../ui/counts';
import { LoadFailed, RecordList, StatusBadge, useFormatTime, usePagedRecords, type StatusTone } from '../shared/records';
import { useAccountMutation } from '../shared/useAccountMutation';
import { endOtherSessions, endSession, signInsQuery, useAccountSessions } from './api/devices';

const KIND_ICONS: Record<Device['kind'], ReactNode> = {
  phone: <PhoneIcon size={22} />,
  tablet: <TabletIcon size={22} />,
  computer: <ComputerIcon size={22} />,
  unknown: <ShieldIcon size={22} />,
};

/** "Chrome 126 on Android 14", or as much of it as the browser said. */
function useDeviceName(): (device: Device) => string {
  const { t } = useLingui();
  return ({ browser, os }) => (browser && os ? t`${browser} on ${os}` : (browser ?? os ?? t`Unknown device`));
}

/** The address a request came from, left to right; "unknown" when the server had none. */
function Address({ ip }: { ip: string | null }) {
  const { t } = useLingui();
  return ip ? (
    <bdi dir="ltr" className="tabular-nums">
      {ip}
    </bdi>
  ) : (
    <>{t`unknown address`}</>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="px-5 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">{children}</h2>;
}

export default function DevicesScreen() {
  const { t } = useLingui();
  const days = useCounts().days(SIGN_INS_KEPT_DAYS);
  return (
    <Screen>
      <div className="space-y-8 pt-2">
        <section aria-label={t`Signed-in devices`}>
          <Heading>{t`Signed-in devices`}</Heading>
          <Sessions />
        </section>
        <section aria-label={t`Sign-ins`}>
          <Heading>{t`Sign-ins of the last ${days}`}</Heading>
          <SignIns days={days} />
        </section>
      </div>
    </Screen>
  );
}

function Sessions() {
  const { t } = useLingui();
  const sessions = loadable(useAccountSessions());
  const end = useAccountMutation({
    call: endSession,
    onSuccess: () => toast.success(t`Session ended`),
  });
  const endOthers = useAccountMutation({
    call: () => endOtherSessions(),
    onSuccess: () => toast.success(t`Every other session has ended`),
  });
  const busy = end.pending || endOthers.pending;

  if (sessions.data === undefined) {
    return sessions.loading ? <Loading /> : <LoadFailed icon={<PhoneIcon size={36} />} text={sessions.failure ?? ''} onRetry={sessions.reload} />;
  }
  const { list, total } = sessions.data;
  const shown = list.length;
  const others = total - list.filter((session) => session.current).length;

  async function askToEnd(session: AccountSession, name: string) {
    const confirmed = await confirm({
      title: t`End this session?`,
      content: t`${name} will be signed out at once and has to log in again.`,
      confirmText: t`End session`,
    });
    if (confirmed) end.run({ id: session.id });
  }

  async function askToEndOthers() {
    const confirmed = await confirm({
      title: t`End all other sessions?`,
      content: t`Every device but this one will be signed out at once.`,
      confirmText: t`End all other sessions`,
    });
    if (confirmed) endOthers.run(undefined);
  }

  return (
    <div className="space-y-3 px-4">
      <ul className="space-y-3">
        {list.map((session) => (
          <li key={session.id}>
            <SessionCard session={session} busy={busy} onEnd={(name) => void askToEnd(session, name)} />
          </li>
        ))}
      </ul>
      {total > list.length ? (
        <p className="px-1 text-sm text-muted">
          <Trans>
            Newest sessions shown: {shown} of {total}.
          </Trans>
        </p>
      ) : null}
      {others > 0 ? (
        <Button kind="secondary" danger busy={endOthers.pending} disabled={busy} onClick={() => void askToEndOthers()}>
          {t`End all other sessions`}
        </Button>
      ) : (
        <p className="px-1 text-sm text-muted">{t`No other device is signed in.`}</p>
      )}
    </div>
  );
}

function SessionCard({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd(name: string): void }) {
  const { t } = useLingui();
  const nameOf = useDeviceName();
  const formatTime = useFormatTime();
  const name = nameOf(session.device);
  const since = formatTime(session.createdAt);
  return (
    <article className="flex items-center gap-3 rounded-2xl bg-surface p-4" aria-label={name} data-current={session.current || undefined}>
      <span className="shrink-0 text-sea-700">{KIND_ICONS[session.device.kind]}</span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink">{name}</p>
        <p className="text-sm text-muted">
          <Trans>
            Signed in {since} · <Address ip={session.ip} />
          </Trans>
        </p>
      </div>
      {session.current ? (
        <StatusBadge tone="done">{t`This device`}</StatusBadge>
      ) : (
        <Button kind="secondary" danger inline disabled={busy} onClick={() => onEnd(name)} aria-label={t`End the session of ${name}`}>
          {t`End`}
        </Button>
      )}
    </article>
  );
}

const OUTCOME_TONES: Record<SignIn['outcome'], StatusTone> = { ok: 'done', password: 'refused', second_factor: 'refused' };

function SignIns({ days }: { days: string }) {
  const { t } = useLingui();
  const records = usePagedRecords(signInsQuery);
  const nameOf = useDeviceName();
  const formatTime = useFormatTime();
  const words: Record<SignIn['outcome'], string> = { ok: t`Signed in`, password: t`Wrong password`, second_factor: t`Wrong second factor` };
  return (
    <RecordList
      records={records}
      empty={{ icon: <ClockIcon size={36} />, title: t`No sign-ins in the last ${days}` }}
      renderItem={(entry) => (
        <article className="flex items-start gap-3 rounded-2xl bg-surface p-4" aria-label={`${words[entry.outcome]} · ${formatTime(entry.at)}`}>
          <span className="mt-0.5 shrink-0 text-sea-700">{KIND_ICONS[entry.device.kind]}</span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-ink">{nameOf(entry.device)}</p>
            <p className="text-sm text-muted">
              {formatTime(entry.at)} · <Address ip={entry.ip} />
            </p>
            {entry.newDevice ? <p className="mt-1 text-sm font-medium text-amber-800">{t`New device`}</p> : null}
          </div>
          <StatusBadge tone={OUTCOME_TONES[entry.outcome] ?? 'refused'}>{words[entry.outcome] ?? t`Unknown`}</StatusBadge>
        </article>
      )}
    />
  );
}
