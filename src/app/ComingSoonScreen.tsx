/**
 * The one placeholder for every screen of a later issue: its real title, an honest "coming soon"
 * and a way back. Nothing on it pretends to work.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'konsta/react';
import { HourglassIcon } from './moreIcons';
import { EmptyState } from './EmptyState';
import { Screen } from './Screen';
import { useGoBack } from './useGoBack';
import { useScreenStatic } from './useScreenTitle';

export function ComingSoonScreen() {
  const { t } = useLingui();
  const goBack = useGoBack();
  const navigate = useNavigate();
  const tab = useScreenStatic().tab === true;
  return (
    <Screen back={!tab} tabbar={tab}>
      <EmptyState
        icon={<HourglassIcon size={36} />}
        title={t`Coming soon`}
        text={<Trans>We are still building this part of Tessera. It will appear here in an update.</Trans>}
        action={
          tab ? (
            <Button rounded onClick={() => void navigate({ to: '/home' })}>
              <Trans>Go to home</Trans>
            </Button>
          ) : (
            <Button rounded tonal onClick={goBack}>
              <Trans>Go back</Trans>
            </Button>
          )
        }
      />
    </Screen>
  );
}
