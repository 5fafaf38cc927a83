/**
 * Operators' authenticator secrets, sealed as users' are (security/sealed.ts): under SECRETS_KEY,
 * with "operator:<id>" as associated data, so a sealed secret copied onto another operator's row
 * (or a user's) does not open. Migration 0027 added the sealed columns; what an older version kept
 * in the clear is sealed at the server's next start.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Sealer } from '../../security/sealed';

const ownerOf = (operatorId: string) => `operator:${operatorId}`;

export function sealOperatorSecret(sealer: Sealer, operatorId: string, secret: string): Buffer {
  return sealer.seal(secret, ownerOf(operatorId));
}

/** The secret, or null when there is none (a row an older version left in the clear is sealed at start). */
export function openOperatorSecret(sealer: Sealer, operatorId: string, sealed: Buffer | null): string | null {
  return sealed ? sealer.open(sealed, ownerOf(operatorId)) : null;
}

/**
 * Seals the secrets kept in the clear before 0027 and empties those columns; run at each start
 * after the migrations. Each row is changed only while it still holds what was read, so two
 * processes starting together seal it once. Returns how many rows it sealed.
 */
export async function sealPlainOperatorSecrets(db: Db, sealer: Sealer): Promise<number> {
  const plain = await rowsOf<{ id: string; secret: string | null; pending: string | null }>(
    db,
    sql`SELECT id::text, totp_secret AS secret, pending_totp_secret AS pending FROM operators WHERE totp_secret IS NOT NULL OR pending_totp_secret IS NOT NULL`,
  );
  let sealed = 0;
  for (const row of plain) {
    const changed = await rowsOf<{ id: string }>(
      db,
      sql`UPDATE operators
          SET totp_sealed = coalesce(${row.secret === null ? null : sealOperatorSecret(sealer, row.id, row.secret)}::bytea, totp_sealed),
              pending_totp_sealed = coalesce(${row.pending === null ? null : sealOperatorSecret(sealer, row.id, row.pending)}::bytea, pending_totp_sealed),
              totp_secret = NULL, pending_totp_secret = NULL
          WHERE id = ${row.id}::uuid AND totp_secret IS NOT DISTINCT FROM ${row.secret} AND pending_totp_secret IS NOT DISTINCT FROM ${row.pending}
          RETURNING id::text`,
    );
    sealed += changed.length;
  }
  return sealed;
}
