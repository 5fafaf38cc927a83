/**
 * The withdrawal address book (docs/security.md, "Address book"): the crypto addresses and bank
 * accounts a user saved under a label. A new entry can be paid to only 24 hours after it was added
 * (the owner is alerted and has that long to remove it); "only to my address book" turns on at
 * once and off 24 hours after it was asked, each a security change. A withdrawal that names an
 * entry, and every withdrawal while the lock holds, is checked here, inside the withdrawal's own
 * transaction: database reads, so they hold whichever server process answers.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_COOLING_OFF_HOURS,
  ADDRESS_LOCK_OFF_HOURS,
  addressLockStateOf,
  destinationKeyOf,
  hoursUntil,
  type AddressEntryInput,
} from '../../../src/domain/address-book';
import type { AddressBook, AddressEntry, AddressLock } from '../../../src/domain/wire';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { addressBook, users } from '../../db/schema';
import { fixedStatement } from '../../db/rows';
import { Refusal } from '../../errors';
import type { Viewer } from '../auth';
import type { RecordedChange, SecurityChanges } from '../security';

type EntryRow = typeof addressBook.$inferSelect;

function entryOf(row: EntryRow): AddressEntry {
  const common = { id: row.id, label: row.label, createdAt: row.createdAt.toISOString(), usableAt: row.usableAt.toISOString() };
  if (row.kind === 'crypto') return { kind: 'crypto', ...common, network: row.network!, address: row.address! };
  return { kind: 'bank', ...common, holder: row.holder!, iban: row.iban!, bic: row.bic! };
}

/** How a withdrawal's record and its alert name an entry's destination: the address, or "<IBAN> (<holder>)" as for the bound account. */
export function entryDestinationOf(entry: AddressEntry): string {
  return entry.kind === 'crypto' ? entry.address : `${entry.iban} (${entry.holder})`;
}

const notFound = (field?: string) => new Refusal('addressBook.notFound', 404, { field });

/** The book's lock (db/rows.ts fixedStatement: read by every withdrawal); the times as the driver sends them, read with the columns' own mappers. */
const LOCK_ROW = fixedStatement<{ locked_at: unknown; unlock_at: unknown }>(
  `SELECT address_book_locked_at AS locked_at, address_book_unlock_at AS unlock_at FROM users WHERE id = $1 LIMIT 1`,
);

async function lockRowOf(db: Db | Tx, userId: string): Promise<{ lockedAt: Date | null; unlockAt: Date | null }> {
  const [row] = await LOCK_ROW(db, [userId]);
  const timeOf = (column: typeof users.addressBookLockedAt, value: unknown) => (value === null || value === undefined ? null : (column.mapFromDriverValue(value as string) as Date));
  return { lockedAt: timeOf(users.addressBookLockedAt, row?.locked_at), unlockAt: timeOf(users.addressBookUnlockAt, row?.unlock_at) };
}

/** What a withdrawal reads of the book: the lock, and the entry it names (of its method, the user's own) when it names one. */
export interface BookRead {
  lock: { lockedAt: Date | null; unlockAt: Date | null };
  entry: EntryRow | null;
}

/** The book's read for a withdrawal, inside its transaction (sent with the withdrawal's other reads). */
export async function bookReadOf(tx: Tx, userId: string, method: 'crypto' | 'bank', entryId: number | undefined): Promise<BookRead> {
  const [lock, entries] = await Promise.all([
    lockRowOf(tx, userId),
    entryId === undefined
      ? []
      : tx
          .select()
          .from(addressBook)
          .where(and(eq(addressBook.id, entryId), eq(addressBook.userId, userId), eq(addressBook.kind, method)))
          .limit(1),
  ]);
  return { lock, entry: entries[0] ?? null };
}

/**
 * Where a withdrawal goes by the book's rules: the entry it names (404 when it is not the user's
 * or not of the withdrawal's method; 403 addressBook.coolingOff with the hours left while it is
 * new), or null for the destination typed or bound — refused (403 addressBook.locked) while the
 * lock holds.
 */
export function bookedDestination(read: BookRead, entryId: number | undefined, at: Date): { network: string | null; destination: string } | null {
  if (entryId === undefined) {
    if (addressLockStateOf(read.lock.lockedAt, read.lock.unlockAt, at).on) throw new Refusal('addressBook.locked', 403, { field: 'entryId' });
    return null;
  }
  const entry = read.entry;
  if (!entry) throw notFound('entryId');
  if (entry.usableAt > at) {
    throw new Refusal('addressBook.coolingOff', 403, { params: { hours: hoursUntil(entry.usableAt, at) }, data: { usableAt: entry.usableAt.toISOString() }, field: 'entryId' });
  }
  return { network: entry.network, destination: entryDestinationOf(entryOf(entry)) };
}

export function createAddressBook(db: Db, clock: Clock, changes: SecurityChanges) {
  return {
    /** GET /wallet/address-book: the entries, newest first, and the lock. */
    async list(userId: string): Promise<AddressBook> {
      const [rows, lock] = await Promise.all([
        db.select().from(addressBook).where(eq(addressBook.userId, userId)).orderBy(desc(addressBook.id)),
        lockRowOf(db, userId),
      ]);
      return { entries: rows.map(entryOf), max: ADDRESS_BOOK_MAX, lock: addressLockStateOf(lock.lockedAt, lock.unlockAt, clock()) };
    },

    /**
     * POST /wallet/address-book/add, inside the payment's transaction: the user's payment lock is
     * held, so one user's additions run one after another and the count holds in every process.
     */
    async add(tx: Tx, userId: string, input: AddressEntryInput, at: Date): Promise<AddressEntry> {
      const [held] = await tx.select({ n: count() }).from(addressBook).where(eq(addressBook.userId, userId));
      if (held.n >= ADDRESS_BOOK_MAX) throw new Refusal('addressBook.full', 409, { params: { max: ADDRESS_BOOK_MAX } });
      const destination =
        input.kind === 'crypto' ? { network: input.network, address: input.address } : { holder: input.holder, iban: input.iban, bic: input.bic };
      const [row] = await tx
        .insert(addressBook)
        .values({
          userId,
          label: input.label,
          kind: input.kind,
          ...destination,
          destinationKey: destinationKeyOf(input),
          createdAt: at,
          usableAt: addSeconds(at, ADDRESS_COOLING_OFF_HOURS * 3600),
        })
        .onConflictDoNothing({ target: [addressBook.userId, addressBook.destinationKey] })
        .returning();
      if (!row) throw new Refusal('addressBook.exists', 409, { field: input.kind === 'crypto' ? 'address' : 'iban' });
      return entryOf(row);
    },

    /** A new label; the entry's destination and its cooling-off stay. Another user's entry is not found. */
    async rename(userId: string, id: number, label: string): Promise<AddressEntry> {
      const [row] = await db
        .update(addressBook)
        .set({ label })
        .where(and(eq(addressBook.id, id), eq(addressBook.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return entryOf(row);
    },

    /** Removes one of the user's entries (another user's is not found). */
    async remove(userId: string, id: number): Promise<void> {
      const removed = await db
        .delete(addressBook)
        .where(and(eq(addressBook.id, id), eq(addressBook.userId, userId)))
        .returning({ id: addressBook.id });
      if (removed.length === 0) throw notFound();
    },

    /**
     * POST /wallet/address-book/lock, inside the payment's transaction. On: at once (and an "off"
     * still waiting is called off). Off: from 24 hours after the asking; asking again while it
     * waits keeps the first time. Either, when it changes anything, is a security change recorded
     * here; the caller announces it once committed. Asking for the state it already has changes nothing.
     */
    async setLock(tx: Tx, viewer: Viewer, on: boolean): Promise<{ lock: AddressLock; change: RecordedChange | null }> {
      const now = clock();
      const [row] = await tx
        .select({ lockedAt: users.addressBookLockedAt, unlockAt: users.addressBookUnlockAt })
        .from(users)
        .where(eq(users.id, viewer.userId))
        .for('update')
        .limit(1);
      const lockedAt = row?.lockedAt ?? null;
      const current = addressLockStateOf(lockedAt, row?.unlockAt ?? null, now);
      const settled = current.on && current.offAt === null;
      let next: { lockedAt: Date | null; unlockAt: Date | null } | null = null;
      if (on && !settled) next = { lockedAt: current.on ? lockedAt : now, unlockAt: null };
      if (!on && settled) next = { lockedAt, unlockAt: addSeconds(now, ADDRESS_LOCK_OFF_HOURS * 3600) };
      if (!next) return { lock: current, change: null };
      await tx.update(users).set({ addressBookLockedAt: next.lockedAt, addressBookUnlockAt: next.unlockAt }).where(eq(users.id, viewer.userId));
      const change = await changes.record(tx, { userId: viewer.userId, kind: 'addressBookLock', keepSessionId: viewer.sessionId });
      return { lock: addressLockStateOf(next.lockedAt, next.unlockAt, now), change };
    },
  };
}
