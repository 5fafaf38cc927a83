/**
 * Settings: account security (login password, payment password, and the security centre: the
 * authenticator app, passkeys, contacts, devices and sign-ins, the last security changes), notifications,
 * language, about us, help centre, the app's version, and logout.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { pushState, setPushChannels, type PushState } from './api/push';
import { accountKey, useAccountQuery, useSessionUserId } from '../../api/query';
import { toast } from '../../ui/feedback/toast';
import { GlobeIcon, InfoIcon, LockIcon } from '../../ui/icons';
import { BellIcon, BuildingIcon, HelpIcon, KeyIcon, ShieldIcon, TicketIcon } from '../../ui/moreIcons';
import { Row, RowGroup } from '../../ui/Rows';
import { NotSetFlag } from '../shared/money/PayPasswordNotice';
import { Screen } from '../../ui/Screen';
import { LOCALE_NAMES } from '../../domain/locales';
import { localeAtom } from '../../i18n';
import { userInfoAtom } from '../../storage/session';
import { LogoutButton } from '../shared/LogoutButton';
import { ChangePasswordSheet } from './ChangePasswordSheet';
import { SwitchRow } from '../shared/SwitchRow';
import { useAccountMutation } from '../shared/useAccountMutation';
import type { PushChannelName } from '../../domain/push';

export default function SettingsScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const locale = useAtomValue(localeAtom);
  const push = usePushChannels();
  const [changingPassword, setChangingPassword] = useState(false);
  const notices = [
    { kind: 'trade', label: t`Trade notices`, icon: <BellIcon size={22} /> },
    { kind: 'system', label: t`System notices`, icon: <ShieldIcon size={22} /> },
  ] as const;

  return (
    <Screen>
      <div className="space-y-6 pt-2">
        <RowGroup title={t`Account security`}>
          <Row label={t`Login password`} value={t`Change`} icon={<KeyIcon size={22} />} onClick={() => setChangingPassword(true)} />
          <Row
            label={t`Payment password`}
            value={user?.hasPayPassword ? t`Change` : <NotSetFlag />}
            icon={<LockIcon size={22} />}
            onClick={() => void navigate({ to: '/setting/pay-password' })}
          />
          <Row label={t`Security centre`} icon={<ShieldIcon size={22} />} onClick={() => void navigate({ to: '/setting/security' })} />
        </RowGroup>

        <RowGroup title={t`Notifications`}>
          {notices.map(({ kind, label, icon }) => (
            <SwitchRow key={kind} label={label} icon={icon} checked={push.channels.includes(kind)} disabled={!push.ready || push.busy} onChange={() => push.toggle(kind)} />
          ))}
          {push.note ? <p className="px-4 pt-1 pb-3 text-sm text-muted">{push.note}</p> : null}
        </RowGroup>

        <RowGroup title={t`General`}>
          <Row label={t`Language`} value={LOCALE_NAMES[locale]} icon={<GlobeIcon size={22} />} onClick={() => void navigate({ to: '/setting/language' })} />
          <Row label={t`About us`} icon={<InfoIcon size={22} />} onClick={() => void navigate({ to: '/setting/about' })} />
          <Row label={t`Company profile`} icon={<BuildingIcon size={22} />} onClick={() => void navigate({ to: '/setting/company' })} />
          <Row label={t`Help centre`} icon={<HelpIcon size={22} />} onClick={() => void navigate({ to: '/setting/help' })} />
          <Row label={t`Version`} icon={<TicketIcon size={22} />} value={<bdi dir="ltr" className="tabular-nums">{__APP_VERSION__}</bdi>} />
        </RowGroup>

        <div className="px-4">
          <LogoutButton />
        </div>
      </div>
      <ChangePasswordSheet opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </Screen>
  );
}

/** This device's notification channels as the server sends them, and switching one on or off. */
function usePushChannels() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const userId = useSessionUserId();
  const make = (id: string) => queryOptions({ queryKey: accountKey(id, 'push-device'), queryFn: pushState, meta: { persist: false }, retry: false });
  const state = useAccountQuery<PushState>(make);
  const data = state.data;
  const channels = data?.supported ? data.channels : [];
  // A change of this device's channels moves no money: one account mutation (the device's state is
  // one of the account's reads, fetched again after it).
  const change = useAccountMutation({
    call: setPushChannels,
    onSuccess(outcome) {
      if (outcome === 'denied') toast.error(t`Notifications are blocked for this app. Allow them in your browser's site settings.`);
      if (outcome === 'unsupported') toast.error(t`This browser cannot receive notifications.`);
    },
    onError(error) {
      // The server's refusals were shown in the user's language by the API client; the browser's
      // own (its push service unreachable, say) say nothing a person can act on.
      if (!(error instanceof ApiError)) toast.error(t`Notifications could not be changed on this device. Try again later.`);
      if (userId) void queryClient.invalidateQueries({ queryKey: make(userId).queryKey });
    },
  });
  const toggle = (kind: PushChannelName) =>
    change.run(channels.includes(kind) ? channels.filter((channel) => channel !== kind) : [...channels, kind]);
  const note =
    data && !data.supported
      ? t`This browser cannot receive notifications. Install the app on your home screen to get them.`
      : data?.supported && data.permission === 'denied'
        ? t`Notifications are blocked for this app. Allow them in your browser's site settings.`
        : null;
  return { channels, toggle, busy: change.pending, ready: data !== undefined && data.supported && data.permission !== 'denied', note };
}
