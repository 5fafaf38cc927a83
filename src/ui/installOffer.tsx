/** The words of the install offer: why install, and on iOS how to add the app from Safari's Share menu. */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { confirm } from './feedback/confirm';

function ShareGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="inline-block align-[-3px]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3v12" />
      <path d="m8 7 4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}

/** true: the user wants Chromium's install prompt. */
export function askToInstall(kind: 'prompt' | 'ios'): Promise<boolean> {
  if (kind === 'prompt') {
    return confirm({
      title: t`Install Tessera`,
      content: t`Add Tessera to your home screen: it opens like an app, shows your balances offline and can notify you of your trades.`,
      confirmText: t`Install`,
      cancelText: t`Not now`,
    });
  }
  return confirm({
    title: t`Add Tessera to your home screen`,
    content: (
      <ol className="list-decimal space-y-2 ps-5 text-start">
        <li>
          <Trans>
            Tap <ShareGlyph /> Share in Safari's toolbar.
          </Trans>
        </li>
        <li>
          <Trans>Choose “Add to Home Screen”, then “Add”.</Trans>
        </li>
        <li>
          <Trans>Open Tessera from its icon: it works like an app, also offline.</Trans>
        </li>
      </ol>
    ),
    confirmText: t`Got it`,
    cancelText: t`Not now`,
  }).then(() => false);
}
