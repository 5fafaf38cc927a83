/**
 * The users as operators find and read them (GET /ops/users, /ops/users/detail): searched by id,
 * username, e-mail or phone, each with what support asks first — VIP level, merchant state,
 * whether wrong passwords have locked them out — and, for one user, the balances of every account
 * purpose straight from the ledger. Never a password's hash.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';
import { ASSET_CODES, type Asset } from '../../../src/domain/money';
import type { MerchantApplicationStatus } from '../../../src/domain/trading';
import type { Page } from '../../../src/domain/wire';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/pages';
import { rowsOf } from '../../db/rows';
import { USER_PURPOSES, type UserPurpose } from '../../../src/domain/ledger';
import { balancesByPurpose } from '../../ledger/accounts';
import { userLocksOf, type UserLocks } from '../auth';
import { amountsText } from '../records';
import { AVATAR_URL_PREFIX } from './service';

/** A user as a row of the operators' search. */
export interface UserRow extends UserLocks {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  nickname: string;
  vipLevel: number;
  isMerchant: boolean;
  /** The latest application to become a merchant, or null when none was made. */
  merchantApplication: MerchantApplicationStatus | null;
  createdAt: string;
}

/** One user as the operators' user page shows them. */
export interface UserDetail extends UserRow {
  avatar: string | null;
  inviteCode: string;
  invitedBy: string | null;
  hasPayPassword: boolean;
  locale: Locale;
  /** Per asset, the balance of each of the user's accounts (ledger/accounts.ts, USER_PURPOSES). */
  balances: Record<Asset, Record<UserPurpose, string>>;
}

interface Row {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  nickname: string;
  vip_level: number;
  is_merchant: boolean;
  merchant_application: MerchantApplicationStatus | null;
  created_at: string;
  avatar: string | null;
  invite_code: string;
  invited_by: string | null;
  has_pay_password: boolean;
  locale: string;
}

/** Every column a row needs, the latest merchant application beside it; no password hash. */
const COLUMNS = sql`u.id::text, u.username, u.email, u.phone, u.nickname, u.vip_level, u.is_merchant,
  (SELECT m.status FROM merchant_applications m WHERE m.user_id = u.id ORDER BY m.id DESC LIMIT 1) AS merchant_application,
  to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  u.avatar, u.invite_code, u.invited_by::text, u.pay_password_hash IS NOT NULL AS has_pay_password, u.locale`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A LIKE pattern that matches `text` literally at the start. */
const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ways a typed phone number may be stored. The app stores E.164 ("+491761234567",
 * validation.ts); support types what the user says: with or without the +, 00 for it, spaces,
 * dashes, brackets, or the national number with its leading 0 (matched as the number's end).
 */
export function phoneForms(text: string): { exact: string[]; ending: string | null } {
  const plain = text.replace(/[\s\-().]/g, '');
  const digits = /^(?:\+|00)?(\d{4,16})$/.exec(plain)?.[1];
  if (!digits) return { exact: [], ending: null };
  const exact = [`+${digits}`];
  // "0176 1234567": the national number; six digits at least, or it would match too many.
  const national = plain.startsWith('+') || plain.startsWith('00') ? null : digits.replace(/^0+/, '');
  return { exact, ending: national && national.length >= 6 ? national : null };
}

/** What the search text may be: the user's id, a username, an e-mail address or a phone number. */
function matching(text: string): { any: SQL; exact: SQL } {
  const lower = text.toLowerCase();
  const phones = phoneForms(text);
  const exact = [sql`lower(u.username) = ${lower}`, sql`lower(u.email) = ${lower}`];
  if (phones.exact.length > 0) exact.push(sql`u.phone IN (${sql.join(phones.exact.map((phone) => sql`${phone}`), sql`, `)})`);
  if (UUID.test(text)) exact.push(sql`u.id = ${lower}::uuid`);
  const any = [...exact, sql`lower(u.username) LIKE ${startingWith(lower)}`, sql`lower(u.email) LIKE ${startingWith(lower)}`];
  if (phones.ending) any.push(sql`u.phone LIKE ${`%${phones.ending}`}`);
  return { any: sql.join(any, sql` OR `), exact: sql.join(exact, sql` OR `) };
}

export function createUserLookup(db: Db, clock: Clock) {
  async function rowsWithLocks(rows: Row[]): Promise<Array<{ row: Row; locks: UserLocks }>> {
    const locks = await userLocksOf(db, rows.map((row) => row.id), clock());
    return rows.map((row) => ({ row, locks: locks.get(row.id) ?? { loginLockedUntil: null, payPasswordLockedUntil: null } }));
  }

  const rowOf = (row: Row, locks: UserLocks): UserRow => ({
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    nickname: row.nickname,
    vipLevel: row.vip_level,
    isMerchant: row.is_merchant,
    merchantApplication: row.merchant_application,
    createdAt: row.created_at,
    ...locks,
  });

  return {
    /**
     * GET /ops/users?q=: the users whose id, username, e-mail or phone is the text (exact matches
     * first), then those whose username or e-mail begins with it, or whose phone ends with the
     * national number typed; case-insensitive.
     */
    async search(text: string, page: number, pageSize: number): Promise<Page<UserRow>> {
      const { any, exact } = matching(text.trim());
      const found = await pageOf(
        { page, pageSize },
        (limit, offset) =>
          rowsOf<Row>(db, sql`SELECT ${COLUMNS} FROM users u WHERE ${any} ORDER BY (${exact}) DESC, lower(u.username), u.id LIMIT ${limit} OFFSET ${offset}`),
        () => rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM users u WHERE ${any}`),
        (row) => row,
      );
      const rows = await rowsWithLocks(found.list);
      return { ...found, list: rows.map(({ row, locks }) => rowOf(row, locks)) };
    },

    /** GET /ops/users/detail: unknown, record.notFound. */
    async detail(userId: string): Promise<UserDetail> {
      const [found] = await rowsOf<Row>(db, sql`SELECT ${COLUMNS} FROM users u WHERE u.id = ${userId}`);
      if (!found) throw new AppError('record.notFound', 404);
      const [[{ row, locks }], balances] = await Promise.all([rowsWithLocks([found]), balancesByPurpose(db, userId, USER_PURPOSES)]);
      return {
        ...rowOf(row, locks),
        avatar: row.avatar ? `${AVATAR_URL_PREFIX}${row.avatar}` : null,
        inviteCode: row.invite_code,
        invitedBy: row.invited_by,
        hasPayPassword: row.has_pay_password,
        locale: isLocale(row.locale) ? row.locale : FALLBACK_LOCALE,
        balances: amountsText(Object.fromEntries(ASSET_CODES.map((asset) => [asset, Object.fromEntries(USER_PURPOSES.map((purpose) => [purpose, balances[purpose][asset]]))])) as Record<Asset, Record<UserPurpose, bigint>>),
      };
    },
  };
}
