/**
 * Web Push calls: the installation's public key, and a signed-in user's device subscribing to
 * the trade and system channels, reading what it receives, and unsubscribing. Publishing news
 * sends it to every device on the system channel (modules/news), a trade order's changes to its
 * parties' devices on the trade channel.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUSH_CHANNELS, PUSH_DEVICES_MAX, pushEndpointSchema, pushSubscribeSchema } from '../../../src/domain/push';
import { apiRoute } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import type { OrderPushPayload } from '../trading';
import { tradeNotice, type TradeNotice } from './texts';

const channelsReply = z.object({ channels: z.array(z.enum(PUSH_CHANNELS)) });

export async function pushModule(app: FastifyInstance): Promise<void> {
  const { push, outbox } = app.services;

  // A trade order that changed: its parties' devices on the trade channel, each in its owner's
  // language; written by the order's transaction and delivered from the outbox (server/outbox.ts).
  // A repeat after a crash sends nothing twice: each device is claimed per message.
  // The batch's parties with a device on the trade channel are read once; the others have nothing to send to.
  outbox.handle('trade.push', {
    kind: 'effect',
    prepare: (payloads) => {
      const changes = payloads as unknown as OrderPushPayload[];
      return push.subscribedAmong('trade', [...new Set(changes.flatMap((change) => (change.makerId ? [change.takerId, change.makerId] : [change.takerId])))]);
    },
    run: async (payload, prepared) => {
      const change = payload as unknown as OrderPushPayload;
      if (change.status === 'matching') return;
      const parties: Array<[string, TradeNotice]> = [[change.takerId, change.status === 'matched' ? 'matchedTaker' : change.status]];
      if (change.makerId) parties.push([change.makerId, change.status === 'matched' ? 'matchedMaker' : change.status]);
      const subscribed = prepared as Set<string>;
      for (const [userId, notice] of parties) {
        if (!subscribed.has(userId)) continue;
        await push.broadcast(
          'trade',
          `trade:${change.orderId}:${change.status}`,
          (locale) => ({ ...tradeNotice(locale, notice, change.orderId), url: '/h5/order', kind: 'trade', tag: `order-${change.orderId}` }),
          userId,
        );
      }
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/push/key',
    tag: 'push',
    summary: "The installation's VAPID public key (base64url), the applicationServerKey devices subscribe with",
    auth: 'none',
    reply: z.object({ publicKey: z.string() }),
    handler: async () => ({ publicKey: await push.publicKey() }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/push/subscribe',
    refusals: { 400: ['push.endpointInvalid', 'push.keyInvalid'] },
    tag: 'push',
    summary: 'Subscribe this device (its PushSubscription) to the channels given; the same endpoint again replaces its channels',
    description:
      'An endpoint outside the push services of PUSH_SERVICE_HOSTS: 400 push.endpointInvalid. Keys a message cannot be encrypted to (p256dh not an ' +
      'uncompressed point on P-256, auth not 16 bytes): 400 push.keyInvalid. A user keeps ' +
      `${PUSH_DEVICES_MAX} devices: subscribing another forgets the one subscribed least recently.`,
    auth: 'required',
    body: pushSubscribeSchema,
    reply: channelsReply,
    handler: ({ body, request }) => push.subscribe(viewerOf(request).userId, body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/push/device',
    tag: 'push',
    summary: 'The channels this device of the signed-in user receives (none when it is not subscribed)',
    auth: 'required',
    body: pushEndpointSchema,
    reply: channelsReply,
    handler: async ({ body, request }) => ({ channels: await push.channelsOf(viewerOf(request).userId, body.endpoint) }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/push/unsubscribe',
    tag: 'push',
    summary: "Stop notifications to this device (the user's own only)",
    auth: 'required',
    body: pushEndpointSchema,
    reply: z.null(),
    handler: async ({ body, request }) => {
      await push.unsubscribe(viewerOf(request).userId, body.endpoint);
      return null;
    },
  });
}
