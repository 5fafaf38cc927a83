/**
 * Passkeys (/setting/security/passkeys; docs/security.md, "Passkeys"): the account's passkeys with
 * their names, when each was added and last used and whether it is synced; adding one (named
 * first, then made by the browser's own passkey dialog), renaming and removing one (after a
 * confirmation). Where the browser has no passkeys, or the account has its most, adding is off
 * and the screen says why. Offline it shows the last-known list with its time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { asOfTime } from '../../api/query';
import { PASSKEYS_MAX } from '../../domain/passkeys';
import type { Passkey } from '../../domain/wire';
import { Button } from '../../ui/Button';
import { EmptyState, QueryFallback } from '../../ui/EmptyState';
import { AsOfLine } from '../../ui/AsOf';
import { confirm } from '../../ui/feedback/confirm';
import { toast } from '../../ui/feedback/toast';
import { KeyIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import { StatusBadge, useFormatTime } from '../shared/records';
import { browserHasPasskeys } from '../shared/passkeys';
import { useAccountMutation } from '../shared/useAccountMutation';
import { passkeyCreationOptions, registerPasskey, removePasskey, renamePasskey, type PasskeyConfirmation } from './api/calls';
import { usePasskeys } from './api/queries';
import { PasskeyNameDialog } from './PasskeyNameDialog';
import { deviceName } from './deviceName';

/**
 * Once who is there is confirmed (the challenge is given only then), the browser's passkey dialog
 * makes the passkey for it; then it is registered under `name`.
 */
async function addPasskey(name: string, confirmation: PasskeyConfirmation = {}): Promise<Passkey> {
  const [optionsJSON, { startRegistration }] = await Promise.all([passkeyCreationOptions(confirmation), import('@simplewebauthn/browser')]);
  const response = await startRegistration({ optionsJSON });
  return registerPasskey({ name, response });
}

export default function PasskeysScreen() {
  const { t } = useLingui();
  const state = usePasskeys();
  const passkeys = state.data;
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const supported = browserHasPasskeys();
  const full = (passkeys?.length ?? 0) >= PASSKEYS_MAX;

  return (
    <Screen>
      <div className="space-y-4 px-4 pt-2 pb-6">
        <p className="text-sm leading-relaxed text-muted">
          <Trans>
            A passkey signs you in with your device’s screen lock — fingerprint, face or PIN — instead of your password. It stays on your
            device or in your password manager; Tessera keeps only its public key.
          </Trans>
        </p>
        {passkeys ? (
          <>
            <AsOfLine time={asOfTime(state)} />
            {passkeys.length === 0 ? (
              <EmptyState icon={<KeyIcon size={36} />} title={t`No passkeys yet`} text={t`Add one to sign in without your password.`} />
            ) : (
              <ul className="space-y-3" aria-label={t`Your passkeys`}>
                {passkeys.map((passkey) => (
                  <PasskeyCard key={passkey.id} passkey={passkey} onRename={() => setRenaming(passkey)} />
                ))}
              </ul>
            )}
            {!supported ? (
              <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t`This browser cannot use passkeys. Open the app in a current browser to add one.`}
              </p>
            ) : full ? (
              <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t`You have ${PASSKEYS_MAX} passkeys, the most an account keeps. Remove one to add another.`}
              </p>
            ) : null}
            <Button onClick={() => setAdding(true)} disabled={!supported || full}>
              {t`Add a passkey`}
            </Button>
          </>
        ) : (
          <QueryFallback query={state} icon={<KeyIcon size={36} />} failedTitle={t`Passkeys could not be loaded`} />
        )}
      </div>
      <PasskeyNameDialog
        opened={adding}
        title={t`Add a passkey`}
        initial={deviceName() ?? t`My device`}
        confirmText={t`Continue`}
        busyText={t`Waiting for your device…`}
        confirming
        save={addPasskey}
        onSaved={() => toast.success(t`Passkey added. You can now sign in with it.`, 4000)}
        onClose={() => setAdding(false)}
      />
      <PasskeyNameDialog
        key={renaming?.id ?? 'none'}
        opened={renaming !== null}
        title={t`Rename passkey`}
        initial={renaming?.name ?? ''}
        confirmText={t`Save`}
        busyText={t`Saving…`}
        save={(name) => renamePasskey({ id: renaming!.id, name })}
        onSaved={() => toast.success(t`Passkey renamed`)}
        onClose={() => setRenaming(null)}
      />
    </Screen>
  );
}

function PasskeyCard({ passkey, onRename }: { passkey: Passkey; onRename(): void }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const removing = useAccountMutation({ call: removePasskey, onSuccess: () => toast.success(t`Passkey removed`) });

  async function remove() {
    const sure = await confirm({
      title: t`Remove this passkey?`,
      content: t`“${passkey.name}” will no longer sign you in. It stays on the device or in the password manager that holds it until you delete it there.`,
      confirmText: t`Remove`,
    });
    if (sure) removing.run({ id: passkey.id });
  }

  return (
    <li aria-label={passkey.name} className="rounded-2xl bg-surface p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700">
          <KeyIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="min-w-0 font-semibold break-words text-ink">{passkey.name}</p>
            {passkey.synced ? <StatusBadge tone="done">{t`Synced`}</StatusBadge> : null}
          </div>
          <p className="mt-1 text-xs text-muted">{t`Added ${formatTime(passkey.createdAt)}`}</p>
          <p className="text-xs text-muted">{passkey.lastUsedAt ? t`Last used ${formatTime(passkey.lastUsedAt)}` : t`Not used yet`}</p>
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <Button kind="secondary" inline onClick={onRename} disabled={removing.pending} aria-label={t`Rename ${passkey.name}`}>
          {t`Rename`}
        </Button>
        <Button kind="secondary" danger inline busy={removing.pending} onClick={() => void remove()} aria-label={t`Remove ${passkey.name}`}>
          {t`Remove`}
        </Button>
      </div>
    </li>
  );
}
