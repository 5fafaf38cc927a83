/**
 * Logging out ends this device's push notifications: the session's part of push (the switches
 * themselves are the settings feature's, features/settings/api/push.ts).
 */
import { send } from './calls';

export const unsubscribeDevice = send<{ endpoint: string }, null>('POST', '/push/unsubscribe');

/** Logout: this device stops receiving the user's notifications (best effort, never throws). */
export async function forgetPushDevice(): Promise<void> {
  try {
    const worker = await Promise.race([navigator.serviceWorker?.getRegistration(), new Promise<undefined>((resolve) => setTimeout(resolve, 1000))]);
    const subscription = await worker?.pushManager?.getSubscription();
    if (!subscription) return;
    await unsubscribeDevice({ endpoint: subscription.endpoint }, { quiet: true }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // No worker, no subscription, or the browser refused: nothing to forget here.
  }
}
