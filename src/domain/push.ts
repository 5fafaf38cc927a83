/** Web Push, shared by the app and the server: what a device sends to be told of news and trades. */
import { z } from 'zod';

export const PUSH_CHANNELS = ['trade', 'system'] as const;
export type PushChannelName = (typeof PUSH_CHANNELS)[number];
/** Devices one user keeps subscribed: subscribing another forgets the one least recently subscribed. */
export const PUSH_DEVICES_MAX = 10;

const endpoint = z.string({ error: 'push.endpointInvalid' }).trim().min(1, 'push.endpointInvalid').max(2048, 'push.endpointInvalid');
/**
 * The keys of the subscription as the browser gives them, base64url: the P-256 public key (65
 * bytes, 87 characters) and the 16-byte auth secret (22 characters). The lengths are in the
 * patterns themselves, so a generator of matching text (the fuzz suite) makes them right too; the
 * server then checks that the key is a point on the curve and the secret 16 bytes (push.keyInvalid).
 */
const p256dh = z.string({ error: 'request.invalid' }).regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'request.invalid');
const auth = z.string({ error: 'request.invalid' }).regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, 'request.invalid');

/** POST /push/subscribe: PushSubscription.toJSON() of this device and the channels it wants. */
export const pushSubscribeSchema = z.strictObject({
  endpoint,
  keys: z.object({ p256dh, auth }),
  channels: z.array(z.enum(PUSH_CHANNELS, { error: 'request.invalid' })).max(2, 'request.invalid'),
});

/** POST /push/unsubscribe and /push/device: this device's endpoint. */
export const pushEndpointSchema = z.strictObject({ endpoint });
