/** The benches' database helpers: statements on the server itself, and users written with bulk SQL (the benches measure postings and reads, not sign-ups). */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';

export { adminQuery } from '../api/database';

/** `count` users named bench1…benchN, each with its ledger accounts; their ids. */
export async function createBenchUsers(database: Database, count: number, hashes: { password: string; payPassword: string | null }): Promise<string[]> {
  const users = await rowsOf<{ id: string }>(
    database.db,
    sql`INSERT INTO users (username, email, password_hash, pay_password_hash, invite_code, nickname)
        SELECT 'bench' || g, 'bench' || g || '@example.com', ${hashes.password}, ${hashes.payPassword}, 'BENCH' || g, 'bench' || g
        FROM generate_series(1, ${count}) AS g
        RETURNING id::text`,
  );
  await database.db.execute(sql`
    INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
    SELECT 'user', u.id, a.asset, p.purpose FROM users u
    CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
    CROSS JOIN (VALUES ('available'), ('held'), ('interest'), ('trading')) AS p (purpose)
    ON CONFLICT DO NOTHING`);
  return users.map((user) => user.id);
}

