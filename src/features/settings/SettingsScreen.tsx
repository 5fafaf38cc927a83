/**
 * Settings: account security (login password, payment password), notifications,
 * language, about us, help centre, the app's version, and logout.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { Toggle } from 'konsta/react';
import { useState } from 'react';
import { GlobeIcon, InfoIcon, LockIcon } from '../../app/icons';
import { BellIcon, HelpIcon, KeyIcon, ShieldIcon, TicketIcon } from '../../app/moreIcons';
import { Row, RowGroup } from '../../app/Rows';
import { Screen } from '../../app/Screen';
import { LOCALE_NAMES } from '../../domain/locales';
import { localeAtom } from '../../i18n';
import { userInfoAtom } from '../../storage/session';
import { LogoutButton } from '../shared/LogoutButton';
import { ChangePasswordSheet } from './ChangePasswordSheet';
import { notificationsAtom } from './notifications';

export default function SettingsScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const locale = useAtomValue(localeAtom);
  const [notifications, setNotifications] = useAtom(notificationsAtom);
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
            value={user?.hasPayPassword ? t`Change` : t`Not set`}
            icon={<LockIcon size={22} />}
            onClick={() => void navigate({ to: '/setting/pay-password' })}
          />
        </RowGroup>

        <RowGroup title={t`Notifications`}>
          {notices.map(({ kind, label, icon }) => (
            <Row
              key={kind}
              label={label}
              icon={icon}
              value={
                <Toggle
                  checked={notifications[kind]}
                  onChange={() => setNotifications({ ...notifications, [kind]: !notifications[kind] })}
                  aria-label={label}
                />
              }
            />
          ))}
        </RowGroup>

        <RowGroup title={t`General`}>
          <Row label={t`Language`} value={LOCALE_NAMES[locale]} icon={<GlobeIcon size={22} />} onClick={() => void navigate({ to: '/setting/language' })} />
          <Row label={t`About us`} icon={<InfoIcon size={22} />} onClick={() => void navigate({ to: '/setting/about' })} />
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
