/**
 * Money never moves while offline (docs/architecture.md): an action is refused with a clear message,
 * never queued. Lists ask whether they are showing a live answer or a last-known copy.
 */
import { useSyncExternalStore } from 'react';
import { toast } from '../../../ui/feedback/toast';
import { errorMessage } from '../../../i18n';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return globalThis.navigator?.onLine !== false;
}

/** True while the browser says it has a connection; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Shows the offline refusal and returns true when offline: call before asking for the payment password. */
export function refuseWhenOffline(): boolean {
  if (isOnline()) return false;
  toast.error(errorMessage('offline.refused'));
  return true;
}
