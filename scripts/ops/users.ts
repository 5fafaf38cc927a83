/** queues, users search, user ID [part], user end-sessions|lift-lockout, totals, ledger verify: the operators' reads and a user's access. */
import { PLATFORM_PURPOSES, USER_PURPOSES } from '../../src/domain/ledger';
import { ASSET_CODES, type Asset } from '../../src/domain/money';
import type { OpsLastVerification, OpsLedgerReport, OpsLockoutLifted, OpsQueueLength, OpsTotals, OpsUserDetail, OpsUserRow, OpsUserSessionsEnded } from '../../src/domain/ops-wire';
import type { Page } from '../../src/domain/wire';
import { operand, option, requiredOption, UsageError, type Args } from './args';
import { call } from './http';
import { printPage, table, when } from './output';

/** A page of a list: --page and --page-size (20 by default). */
const paging = (args: Args) => ({ page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' });

const ago = (iso: string | null, now = Date.now()) => {
  if (!iso) return '';
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  return minutes < 60 ? `${minutes} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} d`;
};

export async function queues(args: Args): Promise<void> {
  const list = await call<OpsQueueLength[]>(args, 'GET', '/queues');
  console.log(table(['QUEUE', 'WAITING', 'OLDEST SINCE', 'WAITED'], list.map((q) => [q.queue, q.count, when(q.oldestAt), ago(q.oldestAt)])));
}

const locked = (u: OpsUserRow) =>
  [u.loginLockedUntil ? `login until ${when(u.loginLockedUntil)}` : '', u.payPasswordLockedUntil ? `payment until ${when(u.payPasswordLockedUntil)}` : ''].filter(Boolean).join(', ');
const merchant = (u: OpsUserRow) => (u.isMerchant ? 'merchant' : u.merchantApplication ? `applied: ${u.merchantApplication}` : '');

/** users search TEXT. */
export async function users(args: Args): Promise<void> {
  const action = operand(args, 1, 'search');
  if (action !== 'search') throw new UsageError(`users ${action}? search`);
  const q = args.positional.slice(2).join(' ');
  if (!q) throw new UsageError('users search: give the id, username, e-mail or phone to find');
  printPage(
    await call<Page<OpsUserRow>>(args, 'GET', '/users', { query: { q, ...paging(args) } }),
    ['ID', 'USERNAME', 'E-MAIL', 'PHONE', 'NICKNAME', 'VIP', 'MERCHANT', 'SINCE', 'LOCKED'],
    (u) => [u.id, u.username, u.email, u.phone, u.nickname, u.vipLevel, merchant(u), when(u.createdAt), locked(u)],
    'no user matches',
  );
}

/** What `user ID PART` lists: the part's columns, and one row of each record. */
type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
const PARTS: Record<string, { headers: string[]; row: (r: Row) => unknown[] }> = {
  movements: {
    headers: ['ID', 'TIME', 'REFERENCE', 'LEGS', 'REASON'],
    row: (m) => [m.id, when(m.createdAt as string), m.reference, (m.legs as Row[]).map((l) => `${text(l.kind)} ${text(l.amount)} ${text(l.asset)} ${text(l.from) || '·'}→${text(l.to) || '·'}`).join('; '), m.reason],
  },
  postings: { headers: ['ID', 'TIME', 'ACCOUNT', 'KIND', 'AMOUNT', 'REFERENCE', 'REASON'], row: (p) => [p.id, when(p.createdAt as string), p.account, p.kind, `${text(p.amount)} ${text(p.asset)}`, p.reference, p.reason] },
  deposits: { headers: ['ID', 'ORDER', 'COIN', 'AMOUNT', 'STATUS', 'REQUESTED', 'REASON'], row: (d) => [d.id, d.orderNo, d.coin, `${text(d.amount)} ${text(d.asset)}`, d.status, when(d.createdAt as string), d.reason] },
  withdrawals: { headers: ['ID', 'ORDER', 'METHOD', 'AMOUNT', 'FEE', 'STATUS', 'TO', 'REQUESTED'], row: (w) => [w.id, w.orderNo, w.method, `${text(w.amount)} ${text(w.asset)}`, w.fee, w.status, w.destination, when(w.createdAt as string)] },
  orders: { headers: ['ID', 'SIDE', 'AMOUNT', 'PRICE', 'TOTAL', 'STATUS', 'PLACED'], row: (o) => [o.id, o.side, o.amount, o.price, o.total, o.status, when(o.createdAt as string)] },
  offers: { headers: ['ID', 'SIDE', 'PRICE', 'QUANTITY', 'REMAINING', 'STATUS', 'POSTED'], row: (o) => [o.id, o.side, o.price, o.quantity, o.remaining, o.status, when(o.createdAt as string)] },
  pledges: { headers: ['ID', 'ORDER', 'AMOUNT', 'STATUS', 'STARTED', 'ENDS'], row: (p) => [p.id, p.orderNo, `${text(p.amount)} ${text(p.asset)}`, p.status, when(p.startedAt as string), when(p.endsAt as string)] },
  loans: { headers: ['ID', 'LOAN', 'TYPE', 'AMOUNT', 'STATUS', 'APPLIED'], row: (l) => [l.id, l.loanNo, l.type, `${text(l.amount)} ${text(l.asset)}`, l.status, when(l.createdAt as string)] },
  devices: { headers: ['ID', 'SERVICE', 'CHANNELS', 'SUBSCRIBED', 'CHANGED', 'LAST SENT', 'LANGUAGE'], row: (d) => [d.id, d.service, (d.channels as string[]).join(','), when(d.createdAt as string), when(d.updatedAt as string), when(d.lastSentAt as string | null), d.locale] },
  sessions: { headers: ['ID', 'BEGAN', 'ENDS', 'ENDED', 'LIVE', 'BROWSER'], row: (s) => [s.id, when(s.createdAt as string), when(s.expiresAt as string), when(s.revokedAt as string | null), s.live ? 'yes' : 'no', s.userAgent] },
};
export const USER_PARTS = Object.keys(PARTS);

function printUser(u: OpsUserDetail): void {
  console.log(`${u.username} (${u.id}), nickname ${u.nickname}`);
  console.log(`  e-mail ${u.email ?? '-'}, phone ${u.phone ?? '-'}, language ${u.locale}, since ${when(u.createdAt)}`);
  console.log(`  VIP ${u.vipLevel}, ${merchant(u) || 'not a merchant'}, payment password ${u.hasPayPassword ? 'set' : 'not set'}${u.invitedBy ? `, invited by ${u.invitedBy}` : ''}`);
  console.log(`  locked: ${locked(u) || 'no'}\n`);
  console.log(table(['ASSET', ...USER_PURPOSES.map((p) => p.toUpperCase())], ASSET_CODES.map((asset) => [asset, ...USER_PURPOSES.map((p) => u.balances[asset][p])])));
}

/** user ID [part] | user end-sessions ID [--id SESSION] --reason R | user lift-lockout ID --reason R | user reset-second-factor ID --reason R. */
export async function user(args: Args): Promise<void> {
  const first = operand(args, 1, `user id, end-sessions, lift-lockout or reset-second-factor`);
  if (first === 'end-sessions') {
    const id = operand(args, 2, 'user id');
    const session = option(args, 'id');
    if (session !== undefined && !/^\d+$/.test(session)) throw new UsageError(`not a session id: ${session}`);
    const reason = requiredOption(args, 'reason', 'user end-sessions');
    const reply = await call<OpsUserSessionsEnded>(args, 'POST', '/users/sessions/end', { body: { id, ...(session ? { sessionId: Number(session) } : {}), reason } });
    console.log(`${reply.ended} session(s) of ${id} ended`);
    return;
  }
  if (first === 'reset-second-factor') {
    const id = operand(args, 2, 'user id');
    const reply = await call<{ hadSecondFactor: boolean }>(args, 'POST', '/users/second-factor/reset', {
      body: { id, reason: requiredOption(args, 'reason', 'user reset-second-factor') },
    });
    console.log(
      reply.hadSecondFactor
        ? `the second factor of ${id} is reset: every session ended, withdrawals paused for 24 hours, the user alerted`
        : `${id} had no authenticator; every session ended and withdrawals paused for 24 hours all the same`,
    );
    return;
  }
  if (first === 'lift-lockout') {
    const id = operand(args, 2, 'user id');
    const reply = await call<OpsLockoutLifted>(args, 'POST', '/users/lockout/lift', {
      body: { id, reason: requiredOption(args, 'reason', 'user lift-lockout') },
    });
    const lifted = [reply.loginLockedUntil ? 'login' : '', reply.payPasswordLockedUntil ? 'payment password' : ''].filter(Boolean).join(' and ');
    console.log(lifted ? `lifted the lock on the ${lifted} of ${id}` : `${id} was not locked; its wrong tries are forgotten`);
    return;
  }
  const part = args.positional[2];
  if (part === undefined) return printUser(await call<OpsUserDetail>(args, 'GET', '/users/detail', { query: { id: first } }));
  const shape = Object.hasOwn(PARTS, part) ? PARTS[part] : undefined;
  if (!shape) throw new UsageError(`user ${first} ${part}? ${USER_PARTS.join(', ')}`);
  printPage(await call<Page<Row>>(args, 'GET', `/users/${part}`, { query: { id: first, ...paging(args) } }), shape.headers, (r) => shape.row(r).map(text), `no ${part}`);
}

export async function totals(args: Args): Promise<void> {
  const t = await call<OpsTotals>(args, 'GET', '/totals');
  const assets = ASSET_CODES;
  const byPurpose = <P extends string>(purposes: readonly P[], of: Record<Asset, Record<P, string>>) =>
    table(['ASSET', ...purposes.map((p) => p.toUpperCase())], assets.map((asset) => [asset, ...purposes.map((p) => of[asset][p])]));
  console.log(`as of ${when(t.asOf)}\n\nwhat users hold\n${byPurpose(USER_PURPOSES, t.users)}\n\nplatform accounts\n${byPurpose(PLATFORM_PURPOSES, t.platform)}\n`);
  const figures = ['depositsApproved', 'withdrawalsPaid', 'conversions', 'tradesSettled'] as const;
  console.log(`today (${t.today.day}, UTC)`);
  console.log(table(['', ...assets], figures.map((name) => [name, ...assets.map((asset) => `${t.today[name][asset].count} · ${t.today[name][asset].amount}`)])));
  console.log(`\nfees earned per day\n${table(['DAY', ...assets], t.feesPerDay.map((d) => [d.day, ...assets.map((asset) => d[asset])]))}`);
}

function printReport(r: OpsLedgerReport & { problemCount?: number }): void {
  console.log(`accounts ${r.accounts}, transfers ${r.transfers}`);
  if (r.ok) console.log('OK: every balance is the sum of its postings, each asset sums to zero, no user account is negative.');
  else console.log([`FAILED: ${r.problemCount ?? r.problems.length} problem(s)`, ...r.problems.map((p) => `  ${p.check}: ${p.detail}`)].join('\n'));
}

/** ledger verify | ledger last. */
export async function ledger(args: Args): Promise<void> {
  const action = operand(args, 1, 'verify or last');
  if (action === 'verify') return printReport(await call<OpsLedgerReport>(args, 'POST', '/ledger/verify', { body: {} }));
  if (action === 'last') {
    const last = await call<OpsLastVerification>(args, 'GET', '/ledger/verify');
    if (!last) return console.log('no verification run yet (ledger verify, admin)');
    console.log(`run by ${last.operator} at ${when(last.ranAt)}`);
    return printReport(last);
  }
  throw new UsageError(`ledger ${action}? verify or last`);
}
