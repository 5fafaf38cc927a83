/**
 * Installing the app on the home screen. Chromium (Android, desktop) announces that the app can
 * be installed with `beforeinstallprompt`; it is kept here, not shown at once. After a meaningful
 * action (a money action that went through) the user is offered the install once, never on the
 * first screen: Chromium's own prompt after a short explanation, or on iOS Safari, which has no
 * such event, how to add it from the Share menu. Whatever the answer, it is not asked again.
 */
const OFFERED_KEY = 'install-offered';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;

/** Listens from the start: the event comes once, early, and only to a page already listening. */
export function listenForInstall(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    markOffered();
  });
}

function markOffered(): void {
  try {
    localStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // Storage refused (private mode): the offer may come again, nothing worse.
  }
}

function alreadyOffered(): boolean {
  try {
    return localStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return true;
  }
}

const standalone = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
const iosSafari = () => /iPhone|iPad|iPod/.test(navigator.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigator.userAgent);

/** What the offer can be on this device now, or null when there is nothing to offer. */
export function installOffer(): 'prompt' | 'ios' | null {
  if (typeof window === 'undefined' || alreadyOffered() || standalone()) return null;
  if (deferred) return 'prompt';
  return iosSafari() ? 'ios' : null;
}

/**
 * Offers the install once (after a money action that went through). The explanation and the
 * iOS how-to are in ui/installOffer.tsx, loaded only when there is something to offer.
 */
export async function offerInstall(): Promise<void> {
  const kind = installOffer();
  if (!kind) return;
  markOffered();
  const { askToInstall } = await import('./installOffer');
  const install = await askToInstall(kind);
  // Chromium's prompt can be shown once; declined here, it is not kept either.
  const prompt = deferred;
  deferred = null;
  if (install && prompt) await prompt.prompt();
}
