/**
 * Customer service: the support chat lives at the link the server gives (/kf); this
 * screen opens it. When the link could not be loaded it says so and offers to try again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { useSupportLink } from '../../api/queries';
import { toast } from '../../ui/feedback/toast';
import { EmptyState } from '../../ui/EmptyState';
import { HeadsetIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';

export default function ServiceScreen() {
  const { t } = useLingui();
  const query = useSupportLink();
  const link = query.data;
  // A retry the user asked for says why it failed (the startup read is quiet).
  const retry = () => void query.refetch({ throwOnError: false }).then((result) => result.error && toast.error(result.error.message));

  return (
    <Screen>
      <EmptyState
        icon={<HeadsetIcon size={36} />}
        title={t`Talk to our support team`}
        text={
          link ? (
            <Trans>Questions about a deposit, a withdrawal, a trade or your account? Open the chat and tell us.</Trans>
          ) : (
            <Trans>The support chat could not be reached just now.</Trans>
          )
        }
        action={
          link ? (
            <Button onClick={() => window.open(link, '_blank', 'noopener,noreferrer')}>
              {t`Open support chat`}
            </Button>
          ) : (
            <Button kind="secondary" disabled={query.isFetching} onClick={retry}>
              {t`Try again`}
            </Button>
          )
        }
      />
    </Screen>
  );
}
