/**
 * This device's push notifications: whether the browser can receive them, the subscription its
 * push service gave it, and the channels (trade, system) the server sends to it. Turning a
 * channel on asks for the permission the first time and subscribes; turning both off unsubscribes
 * this device on the server and in the browser (logging out does too: src/api/push.ts).
 */
import { ask, send } from '../../../api/calls';
import { unsubscribeDevice } from '../../../api/push';
import type { PushChannelName } from '../../../domain/push';

const pushKey = ask<{ publicKey: string }>('GET', '/push/key');
const subscribeDevice = send<{ endpoint: string; keys: { p256dh: string; auth: string }; channels: PushChannelName[] }, { channels: PushChannelName[] }>('POST', '/push/subscribe');
const deviceChannels = send<{ endpoint: string }, { channels: PushChannelName[] }>('POST', '/push/device');

export type PushState =
  | { supported: false }
  | { supported: true; permission: NotificationPermission; channels: PushChannelName[] };

/** The service worker's registration, if one controls the app within a moment. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** What this device receives now. */
export async function pushState(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return { supported: false };
  const subscription = await worker.pushManager.getSubscription();
  const channels = subscription && Notification.permission === 'granted' ? (await deviceChannels({ endpoint: subscription.endpoint }, { quiet: true })).channels : [];
  return { supported: true, permission: Notification.permission, channels };
}

/**
 * Makes this device receive exactly `channels`. 'denied': the user (or the browser) refused
 * notifications; 'unsupported': this browser cannot receive them.
 */
export async function setPushChannels(channels: PushChannelName[]): Promise<'done' | 'denied' | 'unsupported'> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const existing = await worker.pushManager.getSubscription();
  if (channels.length === 0) {
    if (existing) {
      await unsubscribeDevice({ endpoint: existing.endpoint });
      await existing.unsubscribe();
    }
    return 'done';
  }
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  const subscription =
    existing ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes((await pushKey()).publicKey) }));
  await subscribeDevice({ ...subscriptionBody(subscription), channels });
  return 'done';
}
