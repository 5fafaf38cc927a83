/** Any address that is no screen of the app: say so and offer the way home. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Navbar, Page } from 'konsta/react';
import { Button } from '../ui/Button';
import { CompassIcon } from '../ui/moreIcons';
import { EmptyState } from '../ui/EmptyState';
import { TITLE } from '../ui/title';

export function NotFoundScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Page colors={{ bgMaterial: 'bg-canvas', bgIos: 'bg-canvas' }}>
      <Navbar title={<span className={TITLE}>{t`Page not found`}</span>} centerTitle colors={{ bgMaterial: 'bg-canvas', bgIos: 'bg-canvas' }} />
      <EmptyState
        icon={<CompassIcon size={36} />}
        title={t`This page does not exist`}
        text={<Trans>The link may be old or mistyped. Your account and balances are not affected.</Trans>}
        action={
          <Button onClick={() => void navigate({ to: '/home', replace: true })}>
            <Trans>Go to home</Trans>
          </Button>
        }
      />
    </Page>
  );
}
