/** The migrator: in order, once, and safe when two processes start at the same moment. */
import { afterEach, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate, readMigrations } from '../../server/db/migrate';
import { verifyLedger } from '../../server/ledger/verify';
import { createRecords } from '../../server/modules/records/service';
import { openTestDatabase, type TestDatabase } from './database';

const opened: Array<Database | TestDatabase> = [];
afterEach(async () => {
  // The throwaway database (dropped on close) goes last, after the extra connections to it.
  for (const database of opened.reverse()) await database.close();
  opened.length = 0;
});

test('migration files are numbered and read in order', () => {
  const versions = readMigrations().map((m) => m.version);
  expect(versions.length).toBeGreaterThan(0);
  expect(versions).toEqual([...versions].sort());
  expect(new Set(versions).size).toBe(versions.length);
});

test('two migrators at once apply every migration exactly once', async () => {
  const first = await openTestDatabase({ migrated: false });
  opened.push(first);
  // On PostgreSQL a second pool is a second process as far as the server can tell.
  const second = first.url ? await openDatabase({ kind: 'postgres', url: first.url }) : first;
  if (second !== first) opened.push(second);

  const [a, b] = await Promise.all([migrate(first.sql), migrate(second.sql)]);
  const all = readMigrations().map((m) => m.name);
  expect([...a, ...b].sort()).toEqual(all.sort());
  expect(await migrate(first.sql)).toEqual([]);
  const rows = await first.sql.exclusive(0, (conn) => conn.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version'));
  expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
});

test('a failing migration leaves nothing half-applied', async () => {
  const database = await openTestDatabase({ migrated: false });
  opened.push(database);
  const broken = [{ version: '9001', name: '9001_broken', sql: 'CREATE TABLE half (id int); SELECT no_such_function();' }];
  await expect(migrate(database.sql, broken)).rejects.toThrow(/9001_broken/);
  const tables = await database.sql.exclusive(0, (conn) =>
    conn.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half'"),
  );
  expect(tables[0].n).toBe(0);
});

test('0005 gives the postings made before it the owners of their accounts, and the log reads them', async () => {
  const database = await openTestDatabase({ migrated: false });
  opened.push(database);
  const all = readMigrations();
  const before = all.filter((m) => m.version < '0005');
  await migrate(database.sql, before);
  // A database with history: two users, a deposit to one, a hold between her own accounts, and a transfer between them.
  await database.sql.exclusive(0, async (conn) => {
    await conn.exec(`
      INSERT INTO users (id, username, email, password_hash, invite_code, nickname) VALUES
        ('00000000-0000-4000-8000-00000000000a', 'ann', 'ann@example.com', 'x', 'A1', 'Ann'),
        ('00000000-0000-4000-8000-00000000000b', 'ben', 'ben@example.com', 'x', 'B1', 'Ben');
      INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
      SELECT 'user', u.id, 'USDT', p FROM users u CROSS JOIN (VALUES ('available'), ('held')) AS v (p);
      CREATE FUNCTION pg_temp.account(owner uuid, kind text) RETURNS bigint LANGUAGE sql AS
        $$ SELECT id FROM ledger_accounts WHERE asset = 'USDT' AND (user_id = owner OR (owner IS NULL AND owner_kind = 'platform')) AND purpose = kind $$;
      INSERT INTO ledger_transfers (asset, amount, debit_account_id, credit_account_id, kind, reference, idempotency_key, created_at) VALUES
        ('USDT', 100, pg_temp.account(NULL, 'deposits'), pg_temp.account('00000000-0000-4000-8000-00000000000a', 'available'), 'deposit', 'd:1', 'k1', now()),
        ('USDT', 30, pg_temp.account('00000000-0000-4000-8000-00000000000a', 'available'), pg_temp.account('00000000-0000-4000-8000-00000000000a', 'held'), 'withdrawal_hold', 'w:1', 'k2', now()),
        ('USDT', 20, pg_temp.account('00000000-0000-4000-8000-00000000000a', 'available'), pg_temp.account('00000000-0000-4000-8000-00000000000b', 'available'), 'adjustment', 'a:1', 'k3', now());
      UPDATE ledger_accounts a SET balance = coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = a.id), 0)
        - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = a.id), 0);
    `);
  });
  expect(await migrate(database.sql)).toEqual(all.filter((m) => m.version >= '0005').map((m) => m.name));

  const owners = await database.sql.exclusive(0, (conn) =>
    conn.query<{ kind: string; debit: string | null; credit: string | null }>(
      'SELECT kind, debit_user_id::text AS debit, credit_user_id::text AS credit FROM ledger_transfers ORDER BY id',
    ),
  );
  const ann = '00000000-0000-4000-8000-00000000000a';
  const ben = '00000000-0000-4000-8000-00000000000b';
  expect(owners).toEqual([
    { kind: 'deposit', debit: null, credit: ann },
    { kind: 'withdrawal_hold', debit: ann, credit: ann },
    { kind: 'adjustment', debit: ann, credit: ben },
  ]);
  // Still history: the migration's own update was the last.
  await expect(database.sql.exclusive(0, (conn) => conn.exec("UPDATE ledger_transfers SET reference = 'changed'"))).rejects.toThrow(/immutable/);
  expect((await verifyLedger(database.db)).problems).toEqual([]);

  const records = createRecords(database.db);
  const annLog = await records.assetLog(ann, 1, 10);
  expect(annLog.total).toBe(4);
  expect(annLog.list.map((e) => [e.kind, e.account, e.amount])).toEqual([
    ['adjustment', 'available', '-0.000020'],
    ['withdrawal_hold', 'held', '+0.000030'],
    ['withdrawal_hold', 'available', '-0.000030'],
    ['deposit', 'available', '+0.000100'],
  ]);
  const benLog = await records.assetLog(ben, 1, 10);
  expect(benLog).toMatchObject({ total: 1, list: [{ kind: 'adjustment', account: 'available', amount: '+0.000020' }] });
});

test('0034 makes each platform account sixteen shards: the old row is shard 0 with its balance and postings', async () => {
  const database = await openTestDatabase({ migrated: false });
  opened.push(database);
  const all = readMigrations();
  await migrate(
    database.sql,
    all.filter((m) => m.version < '0034'),
  );
  const ann = '00000000-0000-4000-8000-00000000000a';
  await database.sql.exclusive(0, (conn) =>
    conn.exec(`
      INSERT INTO users (id, username, email, password_hash, invite_code, nickname) VALUES ('${ann}', 'ann', 'ann@example.com', 'x', 'A1', 'Ann');
      INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose) VALUES ('user', '${ann}', 'USDT', 'available');
      INSERT INTO ledger_transfers (asset, amount, debit_account_id, credit_account_id, credit_user_id, kind, reference, idempotency_key, created_at)
      SELECT 'USDT', 250, d.id, c.id, c.user_id, 'deposit', 'd:1', 'k1', now()
      FROM ledger_accounts d, ledger_accounts c
      WHERE d.owner_kind = 'platform' AND d.asset = 'USDT' AND d.purpose = 'deposits' AND c.user_id = '${ann}';
      UPDATE ledger_accounts a SET balance = coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = a.id), 0)
        - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = a.id), 0);
    `),
  );
  const query = <T>(text: string) => database.sql.exclusive(0, (conn) => conn.query<T>(text));
  const [before] = await query<{ id: string; accounts: number }>(
    `SELECT (SELECT id::text FROM ledger_accounts WHERE owner_kind = 'platform' AND asset = 'USDT' AND purpose = 'deposits') AS id,
            (SELECT count(*)::int FROM ledger_accounts WHERE owner_kind = 'platform') AS accounts`,
  );
  expect(await migrate(database.sql)).toEqual(all.filter((m) => m.version >= '0034').map((m) => m.name));

  const deposits = await query<{ id: string; shard: number; balance: string }>(
    `SELECT id::text, shard, balance::text FROM ledger_accounts WHERE owner_kind = 'platform' AND asset = 'USDT' AND purpose = 'deposits' ORDER BY shard`,
  );
  expect(deposits.map((row) => row.shard)).toEqual(Array.from({ length: 16 }, (_, n) => n));
  expect(deposits[0]).toMatchObject({ id: before.id, balance: '-250' });
  expect(deposits.slice(1).every((row) => row.balance === '0')).toBe(true);
  const [{ accounts }] = await query<{ accounts: number }>(`SELECT count(*)::int AS accounts FROM ledger_accounts WHERE owner_kind = 'platform'`);
  expect(accounts).toBe(before.accounts * 16);
  // A user's account has no shards; the database refuses one.
  await expect(query(`UPDATE ledger_accounts SET shard = 1 WHERE user_id = '${ann}'`)).rejects.toThrow(/ledger_accounts_shard_known/);
  expect((await verifyLedger(database.db)).problems).toEqual([]);
});
