/**
 * Settings (SPEC §2): account security (login password, payment password), notifications,
 * language, about us, help centre, the app's version, and logout.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { Block, BlockTitle, List, ListItem, Toggle } from 'konsta/react';
import { useState } from 'react';
import { BellIcon, ChevronEndIcon, GlobeIcon, HelpIcon, InfoIcon, KeyIcon, LockIcon, ShieldIcon } from '../../app/icons';
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
  const chevron = <ChevronEndIcon size={18} className="text-muted" />;
  const icon = (node: React.ReactNode) => <span className="text-sea-700">{node}</span>;

  return (
    <Screen path="/setting" backFallback="/mine">
      <BlockTitle>{t`Account security`}</BlockTitle>
      <List strong inset dividers>
        <ListItem link title={t`Login password`} after={t`Change`} media={icon(<KeyIcon size={22} />)} chevronIcon={chevron} onClick={() => setChangingPassword(true)} />
        <ListItem
          link
          title={t`Payment password`}
          after={user?.hasPayPassword ? t`Change` : t`Not set`}
          media={icon(<LockIcon size={22} />)}
          chevronIcon={chevron}
          onClick={() => void navigate({ to: '/setting/pay-password' })}
        />
      </List>

      <BlockTitle>{t`Notifications`}</BlockTitle>
      <List strong inset dividers>
        <ListItem
          label
          title={t`Trade notices`}
          media={icon(<BellIcon size={22} />)}
          after={
            <Toggle
              checked={notifications.trade}
              onChange={() => setNotifications({ ...notifications, trade: !notifications.trade })}
              aria-label={t`Trade notices`}
            />
          }
        />
        <ListItem
          label
          title={t`System notices`}
          media={icon(<ShieldIcon size={22} />)}
          after={
            <Toggle
              checked={notifications.system}
              onChange={() => setNotifications({ ...notifications, system: !notifications.system })}
              aria-label={t`System notices`}
            />
          }
        />
      </List>

      <BlockTitle>{t`General`}</BlockTitle>
      <List strong inset dividers>
        <ListItem link title={t`Language`} after={LOCALE_NAMES[locale]} media={icon(<GlobeIcon size={22} />)} chevronIcon={chevron} onClick={() => void navigate({ to: '/setting/language' })} />
        <ListItem link title={t`About us`} media={icon(<InfoIcon size={22} />)} chevronIcon={chevron} onClick={() => void navigate({ to: '/setting/about' })} />
        <ListItem link title={t`Help centre`} media={icon(<HelpIcon size={22} />)} chevronIcon={chevron} onClick={() => void navigate({ to: '/setting/help' })} />
        <ListItem title={t`Version`} after={<bdi dir="ltr" className="tabular-nums">{__APP_VERSION__}</bdi>} />
      </List>

      <Block>
        <LogoutButton />
      </Block>
      <ChangePasswordSheet opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </Screen>
  );
}
