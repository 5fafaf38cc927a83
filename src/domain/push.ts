/** Web Push, shared by the app and the server: what a device sends to be told of news and trades. */
import { z } from 'zod';

export const PUSH_CHANNELS = ['trade', 'system'] as const;
export type PushChannelName = (typeof PUSH_CHANNELS)[number];

const endpoint = z.string({ error: 'push.endpointInvalid' }).trim().min(1, 'push.endpointInvalid').max(2048, 'push.endpointInvalid');
/** A key of the subscription as the browser gives it: base64url. */
const key = (max: number) => z.string({ error: 'request.invalid' }).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'request.invalid').max(max, 'request.invalid');

/** POST /push/subscribe: PushSubscription.toJSON() of this device and the channels it wants. */
export const pushSubscribeSchema = z.strictObject({
  endpoint,
  keys: z.object({ p256dh: key(200).min(80, 'request.invalid'), auth: key(50).min(16, 'request.invalid') }),
  channels: z.array(z.enum(PUSH_CHANNELS, { error: 'request.invalid' })).max(2, 'request.invalid'),
});

/** POST /push/unsubscribe and /push/device: this device's endpoint. */
export const pushEndpointSchema = z.strictObject({ endpoint });
