/**
 * Customer service (SPEC §2): the support chat lives at the link the server gives (/kf); this
 * screen opens it. When the link could not be loaded it says so and offers to try again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { getDefaultStore, useAtomValue } from 'jotai';
import { Button } from 'konsta/react';
import { useState } from 'react';
import { supportLink } from '../../api/calls';
import { supportLinkAtom } from '../../api/startup';
import { EmptyState } from '../../app/EmptyState';
import { HeadsetIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';

export default function ServiceScreen() {
  const { t } = useLingui();
  const link = useAtomValue(supportLinkAtom);
  const [loading, setLoading] = useState(false);

  async function retry() {
    setLoading(true);
    try {
      const { kf } = await supportLink();
      getDefaultStore().set(supportLinkAtom, { value: kf, fetchedAt: Date.now(), cached: false });
    } catch {
      // The client has shown why.
    } finally {
      setLoading(false);
    }
  }

  return (
    <Screen path="/home/service">
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
            <Button large rounded onClick={() => window.open(link.value, '_blank', 'noopener,noreferrer')}>
              {t`Open support chat`}
            </Button>
          ) : (
            <Button large rounded tonal disabled={loading} onClick={() => void retry()}>
              {t`Try again`}
            </Button>
          )
        }
      />
    </Screen>
  );
}
