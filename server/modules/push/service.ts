/**
 * Web Push: this device's subscription (its push service endpoint and keys, the channels it
 * wants), and messages sent to it encrypted for it alone (RFC 8291, aes128gcm, by `web-push`)
 * and signed with the installation's VAPID key (RFC 8292). The key pair is made at first use
 * and kept in the database, so every process and restart signs with it. A message to many
 * devices is recorded per device before it goes (push_deliveries), so it reaches each one once
 * however often it is sent; a device its push service no longer knows (404, 410) is forgotten.
 *
 * Endpoints are accepted only on the push services of PUSH_SERVICE_HOSTS: the server posts to
 * them, so any other address would let a user make it post wherever they like. Keys are accepted
 * only when a message can be encrypted to them, and a user keeps at most PUSH_DEVICES_MAX devices.
 * A message to many devices costs a device that fails (its key, its push service) only that
 * device: the others still get it, and the failed one is not recorded as sent.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { AppError } from '../../../src/domain/errors';
import { PUSH_DEVICES_MAX } from '../../../src/domain/push';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/pages';
import { fixedStatement, rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Page } from '../../../src/domain/wire';

export type PushChannel = 'trade' | 'system';

export interface PushMessage {
  /** What the service worker shows: a title, a line, and the screen a tap opens. */
  title: string;
  body: string;
  url: string;
  /** What it is about, for the open app (e.g. the ticker refreshes on `news`; `loan`: the LTV watch's notices). */
  kind: 'news' | 'trade' | 'loan' | 'security';
  tag: string;
}

/** A subscribed device as operators see it: never its endpoint's path or its keys. */
export interface PushDevice {
  id: number;
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…). */
  service: string;
  channels: PushChannel[];
  createdAt: string;
  updatedAt: string;
  lastSentAt: string | null;
  locale: string;
}

export interface PushOptions {
  db: Db;
  clock: Clock;
  /** Host names (or their suffixes) of the push services devices may subscribe on. */
  serviceHosts: readonly string[];
  /** The VAPID subject: how a push service reaches the installation's operator (mailto: or https:). */
  contact: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Sends one request to a push service (tests may pass their own); fetch by default. */
  post?: (url: string, init: { method: string; headers: Record<string, string>; body: Buffer | null }) => Promise<{ status: number }>;
  /** Told each message's result (the metrics). */
  counted?: (result: 'delivered' | 'failed' | 'gone') => void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Is `endpoint` on one of the allowed push services? https always; plain http only for a listed loopback host (tests). */
export function endpointAllowed(endpoint: string, serviceHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const listed = serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  if (!listed || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.host.replace(/:\d+$/, '')) && serviceHosts.includes(host));
}

/** A key pair of the server's own, made once, to try a device's key with the key agreement its messages will use. */
let probe: crypto.ECDH | null = null;

/**
 * Can a message be encrypted to these keys (RFC 8291)? `p256dh` must be an uncompressed P-256
 * point (65 bytes, 0x04 first) that really lies on the curve — the key agreement refuses any
 * other, which a check of its length alone would let through to fail at every message — and
 * `auth` the 16-byte secret.
 */
export function pushKeysValid(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  if (!probe) {
    probe = crypto.createECDH('prime256v1');
    probe.generateKeys();
  }
  try {
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

/**
 * The next page of devices on a channel (of one user, when given), after a device id
 * (db/rows.ts fixedStatement: read for every alert and notice). Ordered by the column, not by the
 * text it is read as ("10" < "9"), which would skip devices past a page.
 */
const DEVICES_AFTER = fixedStatement<{ id: string }>(
  `SELECT s.id::text AS id FROM push_subscriptions s
   WHERE $1 = ANY (s.channels) AND s.id > $2::bigint AND ($3::uuid IS NULL OR s.user_id = $3::uuid)
   ORDER BY s.id LIMIT 200`,
);

export function createPush({ db, clock, serviceHosts, contact, log, post, counted = () => undefined }: PushOptions) {
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const send =
    post ??
    (async (url: string, init: { method: string; headers: Record<string, string>; body: Buffer | null }) => {
      const reply = await fetch(url, { method: init.method, headers: init.headers, body: init.body ? new Uint8Array(init.body) : null, signal: AbortSignal.timeout(10_000) });
      await reply.arrayBuffer().catch(() => undefined);
      return { status: reply.status };
    });

  /** The installation's key pair: read, or made and kept by the first process to need it. */
  function vapidKeys() {
    keys ??= (async () => {
      const made = webpush.generateVAPIDKeys();
      await db.execute(
        sql`INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ${made.publicKey}, ${made.privateKey}, ${clock().toISOString()})
            ON CONFLICT (id) DO NOTHING`,
      );
      const [row] = await rowsOf<{ public_key: string; private_key: string }>(db, sql`SELECT public_key, private_key FROM push_keys WHERE id = 1`);
      return { publicKey: row.public_key, privateKey: row.private_key };
    })().catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  }

  /**
   * Sends one message to one device; true when its push service took it. Gone devices (404, 410)
   * are removed; any other failure — a key that cannot be encrypted to, a refusal, no answer — is
   * logged and false. Never throws: one device's failure is that device's alone.
   */
  async function deliver(subscription: SubscriptionRow, message: () => Promise<PushMessage>): Promise<boolean> {
    let details: webpush.RequestDetails;
    try {
      const { publicKey, privateKey } = await vapidKeys();
      const payload = await message();
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails: { subject: contact, publicKey, privateKey }, TTL: 24 * 3600, contentEncoding: 'aes128gcm', urgency: 'normal', topic: payload.tag.slice(0, 32).replace(/[^A-Za-z0-9_-]/g, '-') },
      );
    } catch (error) {
      log.error({ err: error, subscription: subscription.id }, 'push: a message could not be made for a device');
      counted('failed');
      return false;
    }
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    try {
      const { status } = await send(details.endpoint, { method: details.method, headers, body: (details.body as Buffer | null) ?? null });
      if (status === 404 || status === 410) {
        counted('gone');
        await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${subscription.id}`);
        return false;
      }
      if (status < 200 || status >= 300) {
        log.warn({ status, subscription: subscription.id }, 'push: the push service refused a message');
        counted('failed');
        return false;
      }
      counted('delivered');
      return true;
    } catch (error) {
      log.warn({ err: error, subscription: subscription.id }, 'push: the push service could not be reached');
      counted('failed');
      return false;
    }
  }

  return {
    /** The public key devices subscribe with (applicationServerKey), base64url. */
    publicKey: async () => (await vapidKeys()).publicKey,

    /** Saves this device for the user (a device another user subscribed before is theirs now). */
    async subscribe(userId: string, input: { endpoint: string; keys: { p256dh: string; auth: string }; channels: PushChannel[] }): Promise<{ channels: PushChannel[] }> {
      if (!endpointAllowed(input.endpoint, serviceHosts)) throw new AppError('push.endpointInvalid', 400);
      if (!pushKeysValid(input.keys)) throw new AppError('push.keyInvalid', 400);
      const at = clock().toISOString();
      const channels = [...new Set(input.channels)].sort();
      await inTransaction(db, async (tx) => {
        // One user's subscriptions one after the other, so that parallel ones cannot keep more than the limit.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`push_subscriptions:${userId}`}, 0))`);
        await tx.execute(
          sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, channels, created_at, updated_at)
              VALUES (${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${`{${channels.join(',')}}`}::text[], ${at}, ${at})
              ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
                channels = excluded.channels, updated_at = excluded.updated_at`,
        );
        // Past PUSH_DEVICES_MAX the device subscribed least recently is forgotten rather than this
        // one refused: the user is holding the new device and expects it to work, cannot see or
        // remove the old ones (a browser reset or an app removed without logging out leaves its
        // subscription behind, until its push service says it is gone), and the old one is most
        // likely such a leftover. Each device costs a request at every message: the cap bounds it.
        await tx.execute(
          sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
                SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY updated_at DESC, id DESC LIMIT ${PUSH_DEVICES_MAX})`,
        );
      });
      return { channels };
    },

    /** Forgets this device, if it is the user's. */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await db.execute(sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${userId}`);
    },

    /** The channels this device of the user receives (none when it is not subscribed). */
    async channelsOf(userId: string, endpoint: string): Promise<PushChannel[]> {
      const [row] = await rowsOf<{ channels: PushChannel[] }>(db, sql`SELECT channels FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${userId}`);
      return row?.channels ?? [];
    },

    /**
     * A user's devices for the operators, newest first: the push service it is on (its host, not
     * the endpoint or keys), the channels it takes, when it subscribed, when it last changed them
     * and when it was last sent a message; the language is the user's.
     */
    async devicesOf(userId: string, page: number, pageSize: number): Promise<Page<PushDevice>> {
      const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
      return pageOf(
        { page, pageSize },
        (limit, offset) =>
          rowsOf<{ id: string; endpoint: string; channels: PushChannel[]; created_at: string; updated_at: string; last_sent_at: string | null; locale: string }>(
            db,
            sql`SELECT s.id::text, s.endpoint, s.channels, ${iso('s.created_at')} AS created_at, ${iso('s.updated_at')} AS updated_at,
                  (SELECT ${iso('max(d.sent_at)')} FROM push_deliveries d WHERE d.subscription_id = s.id) AS last_sent_at, u.locale
                FROM push_subscriptions s JOIN users u ON u.id = s.user_id
                WHERE s.user_id = ${userId} ORDER BY s.id DESC LIMIT ${limit} OFFSET ${offset}`,
          ),
        () => rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM push_subscriptions WHERE user_id = ${userId}`),
        (row) => ({
          id: Number(row.id),
          service: new URL(row.endpoint).host,
          channels: row.channels,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          lastSentAt: row.last_sent_at,
          locale: row.locale,
        }),
      );
    },

    /**
     * Sends a message to every device on `channel` (of `userId` only, when given), each device
     * once per `messageId`, in its owner's language (`messageFor(locale)`). Returns how many took it.
     */
    /** Which of `userIds` have a device on `channel`, in one statement. */
    async subscribedAmong(channel: PushChannel, userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await rowsOf<{ user_id: string }>(
        db,
        sql`SELECT DISTINCT s.user_id::text AS user_id FROM push_subscriptions s
            WHERE ${channel} = ANY (s.channels) AND s.user_id = ANY(${`{${userIds.join(',')}}`}::uuid[])`,
      );
      return new Set(rows.map((row) => row.user_id));
    },

    async broadcast(channel: PushChannel, messageId: string, messageFor: (locale: string) => Promise<PushMessage> | PushMessage, userId?: string): Promise<number> {
      // Before any device is claimed: without the installation's key no device can be sent anything.
      await vapidKeys();
      let delivered = 0;
      let after = '0';
      for (;;) {
        const batch = await DEVICES_AFTER(db, [channel, after, userId ?? null]);
        if (batch.length === 0) return delivered;
        after = batch[batch.length - 1].id;
        // Claimed before sending: a second run (or another process) skips the devices claimed already.
        const devices = await rowsOf<SubscriptionRow>(
          db,
          sql`WITH claim AS (
                INSERT INTO push_deliveries (subscription_id, message, sent_at)
                SELECT unnest(${`{${batch.map((row) => row.id).join(',')}}`}::bigint[]), ${messageId}, ${clock().toISOString()}
                ON CONFLICT DO NOTHING RETURNING subscription_id
              )
              SELECT s.id::text, s.endpoint, s.p256dh, s.auth, u.locale
              FROM claim c JOIN push_subscriptions s ON s.id = c.subscription_id JOIN users u ON u.id = s.user_id
              ORDER BY s.id`,
        );
        // Each language's message made once, when its first device needs it; a failure to make it costs its devices only.
        const messages = new Map<string, Promise<PushMessage>>();
        const messageIn = (locale: string) => {
          if (!messages.has(locale)) messages.set(locale, Promise.resolve().then(() => messageFor(locale)));
          return messages.get(locale)!;
        };
        for (const device of devices) {
          if (await deliver(device, () => messageIn(device.locale))) {
            delivered++;
            continue;
          }
          // Not received: no longer claimed, so that sending the message again (news withdrawn and
          // published again) tries this device again. A gone device's claim went with it.
          await db
            .execute(sql`DELETE FROM push_deliveries WHERE subscription_id = ${device.id}::bigint AND message = ${messageId}`)
            .catch((error: unknown) => log.error({ err: error, subscription: device.id }, 'push: a failed delivery stays recorded as sent'));
        }
      }
    },
  };
}

