/**
 * What PostgreSQL alone needs for each money call: pgbench's C client sending the statements the
 * server sends for one call, in the server's order and with its texts (read from PostgreSQL's log
 * with `log_statement = all`: docs/operations.md has the recipe), all of one transaction in one
 * pipeline (one round trip), on prepared connections. No HTTP, no server, no round trip between
 * statements: the fastest any server in front of this database could make the call. The gap
 * between this line and the call over HTTP is the server's own cost.
 *
 * Each script looks its caller up first (one small statement outside the pipeline, which the
 * server does not send: pgbench cannot use a pipeline's answers within it) and reaches the
 * call's own rows through SQL (currval of the id it took) rather than through answers.
 * Work the call leaves to after its reply (a withdrawal's security alert) is sent too, as its
 * own pipeline: the server does it for every call. The outbox's delivery of a trade's rows is
 * not: the server gathers the rows of every call that committed in a turn of its event loop into
 * one delivery (one candle transaction for all their ticks), which a script of one call cannot
 * mirror. Tried (2026-11-29): with each trade's own delivery in its script the bare line cost
 * PostgreSQL 4.98 ms a trade against the server's 3.87 — no longer a floor — so it is counted
 * against the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { POST_MOVEMENT, POST_MOVEMENT_OR_FAIL } from '../../server/ledger/transfers';
import { PGBENCH, benchUserId, run } from './database';
import { WORKERS } from './server';

/** A well-formed TRON address: where the benches' withdrawals go (nothing is paid out). */
export const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** JSON as a literal pgbench leaves alone: a colon followed by a name would be read as its variable. */
function json(value: unknown): string {
  return `'${JSON.stringify(value).replace(/:/g, ' : ')}'`;
}

interface Leg {
  asset: 'USDT' | 'EUR';
  /** SQL: the amount in minor units. */
  amount: string;
  kind: string;
  /** Appended to the reference after a colon: the leg's idempotency key (no colon here: pgbench would read `:name` as its variable). */
  suffix: string;
  /** SQL: the user's id, or null for a platform account. */
  debitUser: string | null;
  debitPurpose: string;
  creditUser: string | null;
  creditPurpose: string;
  reason?: string;
  /** SQL: the operator's id. */
  operator?: string;
}

/** The ledger's own posting statement with `legs` (SQL expressions) in place of its parameter. */
function posting(reference: string, legs: Leg[], keyOf: (suffix: string) => string = (suffix) => `${reference} || ':' || '${suffix}'`, withCommit = false): string {
  const user = (expression: string | null) => (expression ? `${expression}::uuid` : 'NULL::uuid');
  const rows = legs.map(
    (leg, n) =>
      `json_build_object('n', ${n}, 'asset', '${leg.asset}', 'amount', (${leg.amount})::text, 'kind', '${leg.kind}', 'reference', ${reference}, ` +
      `'idempotency_key', ${keyOf(leg.suffix)}, 'reason', ${leg.reason ? `'${leg.reason}'` : 'NULL::text'}, 'operator_id', ${leg.operator ? `${leg.operator}::uuid` : 'NULL::uuid'}, ` +
      `'created_at', now(), 'debit_user', ${user(leg.debitUser)}, 'debit_purpose', '${leg.debitPurpose}', 'credit_user', ${user(leg.creditUser)}, 'credit_purpose', '${leg.creditPurpose}')`,
  );
  return (withCommit ? POST_MOVEMENT_OR_FAIL : POST_MOVEMENT).replace('$1::json', `json_build_array(${rows.join(', ')})`);
}

/** The posting the server sends with a transaction's COMMIT (postTransfersWithCommit): the one that fails when refused. */
const postingWithCommit = (reference: string, legs: Leg[]) => posting(reference, legs, undefined, true);

/** The claim of an Idempotency-Key (server/http/idempotency.ts) by `caller` on `route`. */
function claim(caller: string, route: string, key = ':k'): string {
  return (
    `INSERT INTO idempotency_keys (user_id, caller, key, route, fingerprint, state, created_at, locked_until) ` +
    `SELECT :uid::uuid, ${caller}::text, ${key}::text, '${route}'::text, sha256(${key}::text::bytea), 'running', now(), now() + interval '60 s' ` +
    `WHERE pg_try_advisory_xact_lock(hashtextextended('idempotency:' || :uid::text || ':' || ${caller} || ':' || ${key}::text, 0)) ` +
    'ON CONFLICT (user_id, caller, key) DO NOTHING RETURNING key'
  );
}

/** The key's reply, the transaction's last statement. */
function reply(caller: string, data: unknown, key = ':k'): string {
  return `UPDATE idempotency_keys SET state = 'done', status = 200, reply = ${json({ data })}::jsonb WHERE user_id = :uid::uuid AND caller = ${caller} AND key = ${key}::text`;
}

/** The name of the key's lock (server/http/idempotency.ts), which a call's first reads that lock name as the claim took it. */
const keyLock = (key = ':k') => `('idempotency:' || :uid::text || ':' || 'user' || ':' || ${key}::text)`;

/**
 * The payment password's check beside the key's claim (server/modules/auth/service.ts): the hash
 * with the payment lock, taken only under the key's lock, then the lockout's count.
 */
const payPasswordCheck = (key = ':k') => [
  'SELECT pay_password_hash, ' +
    `CASE WHEN pg_try_advisory_xact_lock(hashtextextended(${keyLock(key)}, 0)) ` +
    "THEN pg_advisory_xact_lock(hashtextextended('pay_password_failures:' || :uid::text, 0)) IS NOT NULL ELSE false END AS locked " +
    'FROM users WHERE id = :uid::uuid',
  'SELECT failures, last_failure, locked_until FROM pay_password_failures WHERE user_id = :uid::uuid',
];

/** The settings read (server/modules/settings/settings.ts). */
const settingsOf = (...keys: string[]) => `SELECT key, value FROM settings WHERE key = ANY('{${keys.join(',')}}'::text[])`;

const nextId = (table: string) => `SELECT nextval(pg_get_serial_sequence('${table}', 'id'))::text AS id`;
const currentId = (table: string) => `currval(pg_get_serial_sequence('${table}', 'id'))`;

/**
 * Between two pipelines of a script: the call's next HTTP request starts here (a conversion's
 * quote and execution, a trade's placing and confirming are two requests each). pgbench reads it
 * as a comment; the bare server answers each request's part of the script apart, as the server must.
 */
export const NEXT_REQUEST = '-- the next HTTP request';

/** A pgbench script: the lookup, then each list of statements as one pipeline. pgbench takes one command per line. */
function script(lookup: string[], ...pipelines: Array<string[] | typeof NEXT_REQUEST>): string {
  const line = (statement: string) => `${statement.replace(/\s+/g, ' ').trim()};`;
  return [
    ...lookup,
    ...pipelines.flatMap((statements) => (statements === NEXT_REQUEST ? [NEXT_REQUEST] : ['\\startpipeline', ...statements.map(line), '\\endpipeline'])),
    '',
  ].join('\n');
}

/** A user of the table bench_users (n, id) and a fresh key: the lookup before each call. */
function userLookup(users: number, extra = ''): string[] {
  return [clientsUser(users), `SELECT id AS uid, gen_random_uuid()::text AS k${extra} FROM bench_users WHERE n = :u \\gset`];
}

/**
 * `u`: one of the client's own users (users / WORKERS of them each), as the HTTP bench sends the
 * next user in turn: calls under way at once rarely belong to one user, whose payments queue on
 * the user's payment lock.
 */
function clientsUser(users: number): string {
  const each = Math.max(1, Math.floor(users / WORKERS));
  return `\\set u 1 + (:client_id * ${each} + random(0, ${each - 1})) % ${users}`;
}

/**
 * The ledger core's posting (postTransfer: one statement, its own transaction) between two random
 * bench users, as the core's Node line sends it: what PostgreSQL alone needs for it.
 */
export function coreScript(users: number): string {
  // The users' ids as values, as the Node line sends them (picked in memory): derived from the
  // users' numbers (createBenchUsers), nothing read for them inside the posting.
  const user = (n: string) => benchUserId(n);
  return script(
    [`\\set a random(1, ${users})`, `\\set b 1 + (:a + random(0, ${users - 2})) % ${users}`, '\\set amt random(1, 1000000)'],
    [
      // (the colons as chr(58): pgbench would read :transfer as its variable)
      posting(
        "('bench' || chr(58) || 'transfer')",
        [{ asset: 'USDT', amount: ':amt::bigint', kind: 'adjustment', suffix: 'x', debitUser: user(':a'), debitPurpose: 'available', creditUser: user(':b'), creditPurpose: 'available' }],
        () => "'bench' || chr(58) || 'core' || chr(58) || gen_random_uuid()::text",
      ),
    ],
  );
}

/** POST /api/wallet/out: 20 USDT to TRC20_ADDRESS, then its security alert. */
export function withdrawalScript(users: number): string {
  const id = currentId('withdrawals');
  const data = {
    id: 1,
    fee: '1.000000',
    net: '19.000000',
    asset: 'USDT',
    amount: '20.000000',
    method: 'crypto',
    reason: null,
    status: 'processing',
    network: 'TRC20',
    orderNo: 'W0000000001',
    createdAt: '2026-11-29T01:26:02.969Z',
    decidedAt: null,
    destination: TRC20_ADDRESS,
    txReference: null,
  };
  return script(
    userLookup(users),
    [
      'BEGIN',
      claim("'user'", 'POST /api/wallet/out'),
      'SELECT totp_enabled_at IS NOT NULL AS totp, EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id) AS passkeys FROM users u WHERE u.id = :uid::uuid',
      ...payPasswordCheck(),
      'SELECT floor(extract(epoch FROM withdrawals_paused_until) * 1000)::float8 AS until FROM users WHERE id = :uid AND withdrawals_paused_until > now() LIMIT 1',
      'SELECT address_book_locked_at AS locked_at, address_book_unlock_at AS unlock_at FROM users WHERE id = :uid LIMIT 1',
      settingsOf('withdraw_min_usdt', 'withdraw_fee_usdt'),
      nextId('withdrawals'),
      'INSERT INTO withdrawals (id, user_id, method, asset, network, destination, amount, fee, status, created_at) ' +
        `VALUES (${id}, :uid, 'crypto', 'USDT', 'TRC20', '${TRC20_ADDRESS}', '20000000', '1000000', 'processing', now()) RETURNING *`,
      posting(`'withdrawal:' || ${id}`, [
        { asset: 'USDT', amount: '20000000', kind: 'withdrawal_hold', suffix: 'hold', debitUser: ':uid', debitPurpose: 'available', creditUser: ':uid', creditPurpose: 'held' },
      ]),
      reply("'user'", data),
      'END',
    ],
    [
      `WITH claimed AS (INSERT INTO security_alerts (message_id, user_id, sent_at) VALUES ('withdrawal:' || ${id}, :uid::uuid, now()) ON CONFLICT DO NOTHING RETURNING user_id) ` +
        'SELECT u.email, u.locale FROM users u JOIN claimed c ON c.user_id = u.id',
      `SELECT s.id::text AS id FROM push_subscriptions s WHERE 'system' = ANY (s.channels) AND s.id > 0::bigint AND (:uid::uuid IS NULL OR s.user_id = :uid::uuid) ORDER BY s.id LIMIT 200`,
      "SELECT anti_phishing_code AS code, locale FROM users WHERE email = (SELECT email FROM users WHERE id = :uid::uuid) LIMIT 1",
    ],
  );
}

/** POST /api/transfer/quote then POST /api/transfer: 1 USDT to EUR at the settings' rate (0.92, fee 0.5 %). */
export function conversionScript(users: number): string {
  const id = currentId('conversions');
  const data = { id: 1, to: 'EUR', fee: '0.005000', from: 'USDT', rate: '0.920000', amount: '1.000000', receive: '0.91', createdAt: '2026-11-29T01:26:02.995Z' };
  const settings = settingsOf('usdt_eur_rate', 'transfer_fee_percent');
  return script(
    userLookup(users, ', gen_random_uuid()::text AS q'),
    [
      settings,
      "SELECT asset, balance::text AS balance FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = :uid::uuid AND purpose = 'available'",
      'INSERT INTO conversion_quotes (id, user_id, from_asset, to_asset, amount, fee, receive, rate, fee_percent, expires_at, created_at) ' +
        "VALUES (:q::uuid, :uid::uuid, 'USDT', 'EUR', 1000000, 5000, 91, '0.920000', '0.5', now() + interval '30 s', now()) RETURNING id::text AS id",
    ],
    NEXT_REQUEST,
    [
      'BEGIN',
      claim("'user'", 'POST /api/transfer'),
      ...payPasswordCheck(),
      'SELECT from_asset, to_asset, amount::text AS amount, fee::text AS fee, receive::text AS receive, rate, used_at IS NOT NULL OR expires_at < now() AS spent ' +
        'FROM conversion_quotes WHERE id = :q::uuid AND user_id = :uid::uuid ' +
        `AND (${keyLock()} IS NULL OR pg_try_advisory_xact_lock(hashtextextended(${keyLock()}, 0))) FOR UPDATE`,
      settings,
      nextId('conversions'),
      'UPDATE conversion_quotes SET used_at = now() WHERE id = :q::uuid',
      'INSERT INTO conversions (id, quote_id, user_id, from_asset, to_asset, amount, fee, receive, rate, created_at) ' +
        `VALUES (${id}, :q::uuid, :uid::uuid, 'USDT', 'EUR', 1000000, 5000, 91, '0.920000', now())`,
      postingWithCommit(`'conversion:' || ${id}`, [
        { asset: 'USDT', amount: '995000', kind: 'conversion_out', suffix: 'out', debitUser: ':uid', debitPurpose: 'available', creditUser: null, creditPurpose: 'exchange' },
        { asset: 'USDT', amount: '5000', kind: 'conversion_fee', suffix: 'fee', debitUser: ':uid', debitPurpose: 'available', creditUser: null, creditPurpose: 'fees' },
        { asset: 'EUR', amount: '91', kind: 'conversion_in', suffix: 'in', debitUser: null, debitPurpose: 'exchange', creditUser: ':uid', creditPurpose: 'available' },
      ]),
      reply("'user'", data),
      'END',
    ],
  );
}

/**
 * POST /api/ops/adjustments: 0.01 USDT to a user by one of `operators` operators, each with a
 * session (the table bench_operators: n, id, token_hash), under the four-eyes threshold.
 */
export function correctionScript(users: number, operators: number): string {
  const caller = "'operator:' || :opid::text";
  const data = { asset: 'USDT', amount: '0.010000', userId: '00000000-0000-0000-0000-000000000000', balance: '999968.000000', outcome: 'posted', username: 'bench1', transferId: 24 };
  return script(
    [
      clientsUser(users),
      `\\set o 1 + :client_id % ${operators}`,
      'SELECT b.id AS uid, gen_random_uuid()::text AS k, o.id AS opid, o.token_hash AS th FROM bench_users b, bench_operators o WHERE b.n = :u AND o.n = :o \\gset',
    ],
    [
      'SELECT s.id::text AS id, s.operator_id::text AS operator_id, o.username, o.role, ' +
        "s.revoked_at IS NOT NULL OR s.expires_at <= now() OR s.last_seen_at + make_interval(mins => 30) <= now() OR o.disabled AS gone, " +
        's.last_seen_at <= now() - make_interval(secs => 60) AS seen_long_ago ' +
        'FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = :th::bytea LIMIT 1',
      "SELECT u.id::text AS id, u.username, (SELECT s.value FROM settings s WHERE s.key = 'adjustment_four_eyes_usdt') AS threshold FROM users u WHERE u.id = :uid::uuid LIMIT 1",
      'BEGIN',
      claim(caller, 'POST /api/ops/adjustments'),
      posting(
        "'adjustment:' || :k::text",
        [
          {
            asset: 'USDT',
            amount: '10000',
            kind: 'adjustment',
            suffix: '',
            debitUser: null,
            debitPurpose: 'adjustments',
            creditUser: ':uid',
            creditPurpose: 'available',
            reason: 'bench correction',
            operator: ':opid',
          },
        ],
        () => "'adjustment:' || :k::text",
      ),
      "SELECT asset, balance::text AS balance FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = :uid::uuid AND purpose = 'available'",
      'INSERT INTO audit_log (operator_id, action, subject, user_id, reason, details, created_at) ' +
        `VALUES (:opid::uuid, 'ledger.adjust', 'transfer:' || currval(pg_get_serial_sequence('ledger_transfers', 'id')), :uid, 'bench correction', ` +
        `${json({ asset: 'USDT', amount: '0.010000', reference: 'adjustment:00000000-0000-0000-0000-000000000000', balanceAfter: '999968.000000' })}, now())`,
      reply(caller, data),
      'END',
    ],
  );
}

/**
 * POST /api/trade/orders/place then POST /api/trade/orders/confirm: a buy order of 10 × s USDT
 * (s = 1…8) at a limit of 0.9400 EUR, matched with the sell offer that takes that size (the table
 * bench_users holds the buyers; each sell offer's min_amount is its size) at 0.9300, then settled
 * in four legs (fee 0.2 % of the USDT, paid by the seller).
 */
export function tradeScript(buyers: number): string {
  const order = ':tid::bigint';
  const placed = {
    id: 2,
    fee: '0.020000',
    hold: '9.40',
    role: 'taker',
    side: 'buy',
    price: '0.9300',
    total: '9.30',
    amount: '10.000000',
    status: 'matched',
    endedAt: null,
    orderNo: 'T0000000002',
    receive: '9.980000',
    feeAsset: 'USDT',
    merchant: 'bench2',
    confirmBy: '2026-11-29T01:41:03.015Z',
    createdAt: '2026-11-29T01:26:03.015Z',
    expiresAt: '2026-11-29T02:26:03.015Z',
    holdAsset: 'EUR',
    matchedAt: '2026-11-29T01:26:03.015Z',
    limitPrice: '0.9400',
    receiveAsset: 'USDT',
    offerRemaining: '99980.000000',
  };
  const reference = `'trade_order:' || ${order}`;
  // (server/outbox.ts: a push row only when a party has a device on its channel; none here)
  const outbox = (rows: string) =>
    `INSERT INTO outbox (topic, payload) SELECT r.topic, r.payload FROM jsonb_to_recordset(${rows}::jsonb) AS r (topic text, payload jsonb, channel text, users uuid[]) ` +
    'WHERE r.channel IS NULL OR EXISTS (SELECT 1 FROM push_subscriptions s WHERE r.channel = ANY (s.channels) AND s.user_id = ANY (r.users)) RETURNING id::text, topic, payload';
  const notice = (status: string, tick: boolean) =>
    `jsonb_build_array(jsonb_build_object('topic', 'trade.socket', 'payload', jsonb_build_object('status', '${status}', 'orderId', ${order}, 'userIds', ` +
    'jsonb_build_array(:uid::text, :sid::text)))' +
    `, jsonb_build_object('topic', 'trade.push', 'payload', jsonb_build_object('status', '${status}', 'makerId', :sid::text, 'orderId', ${order}, 'takerId', :uid::text), ` +
    "'channel', 'trade', 'users', jsonb_build_array(:uid::text, :sid::text))" +
    (tick ? `, jsonb_build_object('topic', 'trade.tick', 'payload', jsonb_build_object('at', now(), 'price', '9300', 'amount', (:amt)::text, 'orderId', ${order}))` : '') +
    ')';
  return script(
    [
      clientsUser(buyers),
      // The client's own size, so its own offer, as the HTTP bench asks for the next size in turn.
      '\\set s 1 + :client_id % 8',
      '\\set amt 10000000 * :s',
      // The order's id is taken here (the server takes it inside the transaction, in the same round
      // trip as the row): a currval() in a WHERE clause is volatile and would scan trade_orders.
      'SELECT b.id AS uid, gen_random_uuid()::text AS k, gen_random_uuid()::text AS k2, o.id AS oid, o.user_id AS sid, ' +
        "nextval(pg_get_serial_sequence('trade_orders', 'id')) AS tid FROM bench_users b, trade_offers o " +
        "WHERE b.n = :u AND o.side = 'sell' AND o.min_amount = :amt::bigint \\gset",
    ],
    [
      'BEGIN',
      claim("'user'", 'POST /api/trade/orders/place'),
      ...payPasswordCheck(),
      'SELECT u.is_merchant, u.vip_level, u.pay_password_hash IS NOT NULL AS has_pay_password, coalesce(v.daily_orders, 0)::int AS daily_orders ' +
        'FROM users u LEFT JOIN vip_levels v ON v.level = u.vip_level WHERE u.id = :uid::uuid',
      "SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', now()))::int AS placed, " +
        "count(*) FILTER (WHERE status = 'cancelled' AND was_matched AND ended_at >= date_trunc('day', now()))::int AS cancelled " +
        "FROM trade_orders WHERE user_id = :uid::uuid AND created_at >= date_trunc('day', now()) - interval '75 minutes'",
      settingsOf('trade_fee_percent'),
      'INSERT INTO trade_orders (id, user_id, side, amount, limit_price, hold, status, was_matched, created_at, expires_at) ' +
        `VALUES (${order}, :uid::uuid, 'buy', :amt::bigint, 9400, 94 * :amt::bigint / 1000000, 'matching', false, now(), now() + interval '1 hour') RETURNING *`,
      'SELECT o.*, u.nickname AS owner_name FROM trade_offers o JOIN users u ON u.id = o.user_id ' +
        "WHERE o.status = 'open' AND o.side = 'sell' AND o.user_id <> :uid::uuid AND o.remaining >= :amt::bigint " +
        'AND o.min_amount <= :amt::bigint AND o.max_amount >= :amt::bigint AND o.price <= 9400::bigint ORDER BY o.price ASC, o.id LIMIT 1 FOR UPDATE OF o',
      postingWithCommit(reference, [{ asset: 'EUR', amount: '94 * :amt::bigint / 1000000', kind: 'trade_hold', suffix: 'hold', debitUser: ':uid', debitPurpose: 'available', creditUser: ':uid', creditPurpose: 'trading' }]),
      'UPDATE trade_offers SET remaining = remaining - :amt::bigint, pending = pending + :amt::bigint, updated_at = now() WHERE id = :oid::bigint RETURNING *',
      "UPDATE trade_orders SET status = 'matched', offer_id = :oid::bigint, merchant_id = :sid::uuid, price = 9300, total = 93 * :amt::bigint / 1000000, fee = :amt::bigint / 500, fee_percent = '0.2', " +
        `was_matched = true, matched_at = now(), confirm_by = now() + interval '15 minutes' WHERE id = ${order} RETURNING *`,
      // The order placed and matched at once is told once, as matched (server/modules/trading/outbox.ts).
      outbox(notice('matched', false)),
      reply("'user'", placed),
      'END',
    ],
    NEXT_REQUEST,
    [
      'BEGIN',
      claim("'user'", 'POST /api/trade/orders/confirm', ':k2'),
      ...payPasswordCheck(':k2'),
      `SELECT * FROM trade_orders WHERE id = ${order} AND user_id = :uid::uuid AND pg_try_advisory_xact_lock(hashtextextended(${keyLock(':k2')}, 0)) FOR UPDATE`,
      'SELECT o.*, u.nickname AS owner_name FROM trade_offers o JOIN users u ON u.id = o.user_id ' +
        `WHERE o.id = (SELECT t.offer_id FROM trade_orders t WHERE t.id = ${order} AND t.user_id = :uid::uuid AND t.status = 'matched' AND pg_try_advisory_xact_lock(hashtextextended(${keyLock(':k2')}, 0))) FOR UPDATE OF o`,
      "UPDATE trade_offers SET pending = pending - :amt::bigint, held = held - :amt::bigint, status = 'open', updated_at = now() WHERE id = :oid::bigint",
      `UPDATE trade_orders SET status = 'completed', ended_at = now() WHERE id = ${order}`,
      postingWithCommit(reference, [
        { asset: 'USDT', amount: ':amt::bigint - :amt::bigint / 500', kind: 'trade_settle', suffix: 'usdt', debitUser: ':sid', debitPurpose: 'trading', creditUser: ':uid', creditPurpose: 'available' },
        { asset: 'USDT', amount: ':amt::bigint / 500', kind: 'trade_fee', suffix: 'fee', debitUser: ':sid', debitPurpose: 'trading', creditUser: null, creditPurpose: 'fees' },
        { asset: 'EUR', amount: '93 * :amt::bigint / 1000000', kind: 'trade_settle', suffix: 'eur', debitUser: ':uid', debitPurpose: 'trading', creditUser: ':sid', creditPurpose: 'available' },
        { asset: 'EUR', amount: ':amt::bigint / 1000000', kind: 'trade_release', suffix: 'rest', debitUser: ':uid', debitPurpose: 'trading', creditUser: ':uid', creditPurpose: 'available' },
      ]),
      outbox(notice('completed', true)),
      reply("'user'", { ...placed, status: 'completed', hold: '0.00', offerRemaining: null }, ':k2'),
      'END',
    ],
  );
}

/** Runs `text` with pgbench (WORKERS clients, 2 threads, prepared) for `seconds` on `url`: its scripts per second. */
export async function pgbenchScript(url: string, dir: string, name: string, text: string, seconds: number): Promise<number> {
  const file = path.join(dir, `${name}.pgbench`);
  fs.writeFileSync(file, text);
  const { stdout } = await run(PGBENCH, ['-n', '-M', 'prepared', '-c', String(WORKERS), '-j', '2', '-T', String(seconds), '-f', file, url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`pgbench printed no tps for ${name}:\n${stdout}`);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  if (failed && Number(failed[1]) > 0) throw new Error(`pgbench's ${name} failed ${failed[1]} times:\n${stdout}`);
  return Number(match[1]);
}
