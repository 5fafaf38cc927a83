/**
 * What the fuzz may have done to the money. Before the run: every account's balance and the
 * last transfer's id. During it: every 2xx reply of a call that moves money names the record it
 * moved money for (withdrawal:7, deposit:3, conversion:5, or the adjustment's transfer id) and
 * the kinds of transfer that call posts. After it, the property is:
 *  - every transfer posted during the run belongs to a record a 2xx reply named, with a kind
 *    that call posts — so a refused request (4xx or 5xx) moved nothing, and no call moved money
 *    for a record it did not answer about;
 *  - every account's balance changed by exactly the sum of those transfers (nothing else wrote a
 *    balance);
 *  - verifyLedger holds (sums to zero, balances equal postings, no user account negative).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyLedger } from '../../server/ledger/verify';

/** The calls that move money on success: the record their reply names and the kinds they post. */
const MONEY_CALLS: Record<string, { reference: (data: Record<string, unknown>) => string; kinds: string[] }> = {
  'POST /api/wallet/out': { reference: (data) => `withdrawal:${data.id}`, kinds: ['withdrawal_hold'] },
  'POST /api/ops/withdrawals/approve': { reference: (data) => `withdrawal:${data.id}`, kinds: ['withdrawal_payout', 'withdrawal_fee'] },
  'POST /api/ops/withdrawals/reject': { reference: (data) => `withdrawal:${data.id}`, kinds: ['withdrawal_release'] },
  'POST /api/ops/deposits/approve': { reference: (data) => `deposit:${data.id}`, kinds: ['deposit', 'deposit_bonus'] },
  'POST /api/transfer': { reference: (data) => `conversion:${data.id}`, kinds: ['conversion_out', 'conversion_fee', 'conversion_in'] },
  // Above the four-eyes threshold a correction is only proposed: no transfer, so none to explain.
  'POST /api/ops/adjustments': { reference: (data) => `transfer#${data.transferId}`, kinds: ['adjustment'] },
  'POST /api/ops/adjustments/proposals/approve': { reference: (data) => `transfer#${(data.posted as { transferId: number }).transferId}`, kinds: ['adjustment'] },
  'POST /api/trade/offers/post': { reference: (data) => `trade_offer:${data.id}`, kinds: ['trade_hold'] },
  'POST /api/trade/offers/edit': { reference: (data) => `trade_offer:${data.id}`, kinds: ['trade_hold', 'trade_release'] },
  'POST /api/trade/offers/withdraw': { reference: (data) => `trade_offer:${data.id}`, kinds: ['trade_release'] },
  'POST /api/trade/orders/place': { reference: (data) => `trade_order:${data.id}`, kinds: ['trade_hold'] },
  'POST /api/trade/orders/confirm': { reference: (data) => `trade_order:${data.id}`, kinds: ['trade_settle', 'trade_fee', 'trade_release'] },
  'POST /api/trade/orders/cancel': { reference: (data) => `trade_order:${data.id}`, kinds: ['trade_release'] },
  'POST /api/pledge/start': { reference: (data) => `pledge:${data.id}`, kinds: ['pledge_lock'] },
  'POST /api/pledge/redeem': { reference: (data) => `pledge:${data.id}`, kinds: ['pledge_release', 'pledge_penalty'] },
  'POST /api/pledge/interest/transfer': { reference: (data) => `transfer#${data.transferId}`, kinds: ['interest_transfer'] },
  // An old principal loan is ended at once: its held repayment returned, the payout back from its collateral.
  'POST /api/loan/repay': { reference: (data) => `loan:${data.id}`, kinds: ['loan_repay_hold', 'loan_repay_release', 'loan_payout_return'] },
  'POST /api/loan/collateral/add': { reference: (data) => `loan:${data.id}`, kinds: ['loan_collateral'] },
  'POST /api/loan/repay/part': { reference: (data) => `loan:${data.id}`, kinds: ['loan_part_interest', 'loan_part_repay'] },
  'POST /api/ops/loans/approve': { reference: (data) => `loan:${data.id}`, kinds: ['loan_disburse', 'loan_collateral'] },
  'POST /api/ops/loans/repayment/confirm': { reference: (data) => `loan:${data.id}`, kinds: ['loan_repay', 'loan_interest', 'loan_collateral_release', 'loan_repay_release', 'loan_payout_return'] },
  'POST /api/ops/loans/repayment/refuse': { reference: (data) => `loan:${data.id}`, kinds: ['loan_repay_release'] },
};

export interface LedgerSnapshot {
  balances: Map<string, bigint>;
  lastTransferId: bigint;
}

export async function snapshotLedger(db: Db): Promise<LedgerSnapshot> {
  const accounts = await rowsOf<{ id: string; balance: string }>(db, sql`SELECT id::text, balance::text FROM ledger_accounts`);
  const [last] = await rowsOf<{ id: string }>(db, sql`SELECT coalesce(max(id), 0)::text AS id FROM ledger_transfers`);
  return { balances: new Map(accounts.map((row) => [row.id, BigInt(row.balance)])), lastTransferId: BigInt(last.id) };
}

/**
 * Rounds that move money for many records at once, their reply saying only how many: a 2xx
 * reply that says it paid explains those kinds on any reference of the prefix.
 */
const ROUNDS: Record<string, { prefix: string; kinds: string[]; moved: (data: Record<string, unknown>) => boolean }> = {
  'POST /api/ops/pledge/run': { prefix: 'pledge:', kinds: ['pledge_interest', 'pledge_release'], moved: (data) => Number(data.paid) + Number(data.matured) > 0 },
};

export class MoneyLog {
  /** reference → the kinds a 2xx reply allows for it, and which call said so. */
  private readonly explained = new Map<string, { kinds: Set<string>; by: string[] }>();
  /** reference prefix → the kinds a round's 2xx reply allows on it. */
  private readonly rounds = new Map<string, Set<string>>();
  successes = 0;

  /** Notes a reply; only 2xx replies of money calls explain transfers. */
  note(operationId: string, status: number, data: unknown): void {
    const round = ROUNDS[operationId];
    if (round && status >= 200 && status < 300 && data && typeof data === 'object' && round.moved(data as Record<string, unknown>)) {
      this.successes++;
      const kinds = this.rounds.get(round.prefix) ?? new Set<string>();
      for (const kind of round.kinds) kinds.add(kind);
      this.rounds.set(round.prefix, kinds);
      return;
    }
    const call = MONEY_CALLS[operationId];
    if (!call || status < 200 || status >= 300 || !data || typeof data !== 'object') return;
    this.successes++;
    const reference = call.reference(data as Record<string, unknown>);
    const entry = this.explained.get(reference) ?? { kinds: new Set<string>(), by: [] };
    for (const kind of call.kinds) entry.kinds.add(kind);
    entry.by.push(operationId);
    this.explained.set(reference, entry);
  }

  /** The problems of the property above; empty when it holds. */
  async problems(db: Db, before: LedgerSnapshot): Promise<string[]> {
    const problems: string[] = [];
    const report = await verifyLedger(db);
    for (const problem of report.problems) problems.push(`ledger:verify ${problem.check}: ${problem.detail}`);

    const posted = await rowsOf<{ id: string; kind: string; reference: string; amount: string; debit: string; credit: string }>(
      db,
      sql`SELECT id::text, kind, reference, amount::text, debit_account_id::text AS debit, credit_account_id::text AS credit
          FROM ledger_transfers WHERE id > ${before.lastTransferId.toString()}::bigint ORDER BY id`,
    );
    const moved = new Map<string, bigint>();
    for (const transfer of posted) {
      // Adjustments and interest moves have no business row of their own: the reply names the transfer.
      const key = transfer.kind === 'adjustment' || transfer.kind === 'interest_transfer' ? `transfer#${transfer.id}` : transfer.reference;
      const entry = this.explained.get(key);
      const byRound = [...this.rounds].some(([prefix, kinds]) => key.startsWith(prefix) && kinds.has(transfer.kind));
      if (!byRound && (!entry || !entry.kinds.has(transfer.kind))) {
        problems.push(`transfer ${transfer.id} (${transfer.kind}, ${transfer.reference}, ${transfer.amount}) was posted, but no 2xx reply answered for it`);
      }
      const amount = BigInt(transfer.amount);
      moved.set(transfer.debit, (moved.get(transfer.debit) ?? 0n) - amount);
      moved.set(transfer.credit, (moved.get(transfer.credit) ?? 0n) + amount);
    }

    const after = await snapshotLedger(db);
    for (const [id, balance] of after.balances) {
      const expected = (before.balances.get(id) ?? 0n) + (moved.get(id) ?? 0n);
      if (balance !== expected) problems.push(`account ${id}: balance ${balance}, but ${expected} by the balance before and the transfers since`);
    }
    return problems;
  }

  get transfersExplained(): number {
    return this.explained.size;
  }
}
