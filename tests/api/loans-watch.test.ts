/**
 * The LTV watch of loans across assets (docs/loans.md): the rate moved by an operator's settings
 * call past the margin call tells the borrower once (and again only after a new crossing); past
 * the liquidation LTV the loan is liquidated exactly once with every figure to the minor unit
 * (docs/loans.md's example), also with two processes running the watch and with a repayment
 * racing it; a shortfall is the platform's, listed for operators; the job runs a round when the
 * rate changes. The ledger is verified after each test.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Loan } from '../../src/domain/loan';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { operators } from '../../server/db/schema';
import { balanceOf } from '../../server/ledger/accounts';
import { startLoanWatch } from '../../server/modules/loans';
import { startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
let financeToken: string;
let adminToken: string;
let productId: number;
beforeAll(async () => {
  t = await startTestApp();
  financeToken = await t.operatorToken(await t.financeOperator());
  const [admin] = await t.database.db
    .insert(operators)
    .values({ username: 'admin-watch', passwordHash: 'not-used-here', role: 'admin', createdAt: t.clock.now() })
    .returning({ id: operators.id });
  adminToken = await t.operatorToken(admin.id);
  // docs/loans.md's example: a EUR principal product, 30 days at 0.03 % a day.
  [{ id: productId }] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`INSERT INTO loan_products (type, asset, days, daily_ppm, min_amount, max_amount) VALUES ('principal', 'EUR', 30, 300, 1000, 10000000) RETURNING id`,
  );
});
afterAll(() => t?.close());
beforeEach(async () => {
  await setRate('0.92');
});
afterEach(async () => {
  await t.assertLedgerClean();
});

type PayingUser = Awaited<ReturnType<TestApp['payingUser']>>;

/** The operator moves the reference rate with the settings call, as on the console. */
async function setRate(rate: string) {
  const reply = await t.post('/ops/settings', { key: 'usdt_eur_rate', value: rate, reason: 'market moved' }, { token: adminToken });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const watch = () => t.app.services.loanWatch.round();
const detail = async (borrower: PayingUser, id: number) => (await t.get<Loan>('/loan/detail', { token: borrower.token, query: { id: String(id) } })).body.data!;
const paid = (borrower: PayingUser) => ({ token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
const repay = (borrower: PayingUser, id: number) => t.post<Loan>('/loan/repay', { id, payPassword: borrower.payPassword }, paid(borrower));
const addCollateral = (borrower: PayingUser, id: number, amount: string) => t.post<Loan>('/loan/collateral/add', { id, amount, payPassword: borrower.payPassword }, paid(borrower));
/** The notices mailed to the borrower (not the sign-up code): they name the loan. */
const mailsTo = (borrower: PayingUser) => t.mailbox.to(borrower.email).filter((mail) => /L\d/.test(mail.subject));
const USDT_OF = (userId: string, purpose: 'available' | 'collateral') => balanceOf(t.database.db, userId, 'USDT', purpose);

/** 1,000.00 EUR against 1,358.695653 USDT (80 % at 0.92), approved and paid out nine days and a second ago: day 10, 1,003.00 EUR owed. */
async function loanOnDayTen(locale = 'en'): Promise<{ borrower: PayingUser; loan: Loan }> {
  const borrower = await t.payingUser();
  await t.fund(borrower.userId, 'USDT', USDT(1_500));
  await t.database.db.execute(sql`UPDATE users SET locale = ${locale} WHERE id = ${borrower.userId}`);
  const front = await t.identityImage(borrower.token);
  const applied = await t.post<Loan>(
    '/loan/apply',
    { fullName: 'Mira Haddad', idType: 'passport', idNumber: 'X1234567', accepted: true, productId, amount: '1000', collateralAsset: 'USDT', collateral: '1358.695653', frontDocument: front },
    { token: borrower.token },
  );
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const approved = await t.post<Loan>('/ops/loans/approve', { id: applied.body.data!.id }, { token: financeToken });
  // At approval the first day's interest is owed: 1,000.30 EUR against 1,250.00 EUR of collateral, 80.03 %.
  expect(approved.body.data).toMatchObject({ status: 'approved', ltvBp: 8003, marginCall: null, marginCalls: 0, liquidation: null });
  await t.database.db.execute(sql`UPDATE loans SET decided_at = decided_at - interval '9 days 1 second' WHERE id = ${applied.body.data!.id}`);
  return { borrower, loan: approved.body.data! };
}

/** Repaid on day 10 (1,003.00 EUR) and confirmed: the loan ends, its collateral back; no loan stays open for the next test's watch. */
async function repaidInFull(borrower: PayingUser, loan: Loan) {
  await t.fund(borrower.userId, 'EUR', 300n);
  expect((await repay(borrower, loan.id)).body.data).toMatchObject({ status: 'repaying', repayInterest: '3.00' });
  expect((await t.post<Loan>('/ops/loans/repayment/confirm', { id: loan.id }, { token: financeToken })).body.data).toMatchObject({ status: 'repaid' });
}

describe('margin call', () => {
  test('past the margin-call LTV the borrower is told once, in their language; below again it ends; a new crossing tells them again; added collateral ends it at once', async () => {
    const { borrower, loan } = await loanOnDayTen('de');
    // Nothing to tell at 0.92: 1,003.00 EUR against 1,250.00 EUR, 80.24 %.
    expect(await watch()).toMatchObject({ marginCalls: 0, liquidated: 0 });
    expect(await detail(borrower, loan.id)).toMatchObject({ ltvBp: 8024, marginCall: null });

    // 0.86: 1,003.00 ÷ (1,358.695653 × 0.86) = 85.84 %, past 85 %.
    await setRate('0.86');
    const at = t.clock.now().toISOString();
    expect(await watch()).toMatchObject({ marginCalls: 1, liquidated: 0 });
    expect(await detail(borrower, loan.id)).toMatchObject({ status: 'approved', ltvBp: 8584, marginCall: { since: at, ltvBp: 8584 }, marginCalls: 1 });
    expect(mailsTo(borrower)).toHaveLength(1);
    expect(mailsTo(borrower)[0].subject).toBe(`Kredit ${loan.loanNo}: Nachschussaufforderung`);
    expect(mailsTo(borrower)[0].text).toContain('85.84 %');
    // Still past it: not told again.
    t.clock.advance(60);
    expect(await watch()).toMatchObject({ marginCalls: 0 });
    expect(mailsTo(borrower)).toHaveLength(1);

    // Back below: the call ends; past it again: told again.
    await setRate('0.92');
    await watch();
    expect(await detail(borrower, loan.id)).toMatchObject({ ltvBp: 8024, marginCall: null, marginCalls: 1 });
    await setRate('0.86');
    t.clock.advance(60);
    expect(await watch()).toMatchObject({ marginCalls: 1 });
    expect(await detail(borrower, loan.id)).toMatchObject({ marginCall: { since: t.clock.now().toISOString(), ltvBp: 8584 }, marginCalls: 2 });
    expect(mailsTo(borrower)).toHaveLength(2);

    // 141.304347 USDT more: 1,003.00 ÷ (1,500 × 0.86) = 77.76 %: the call ends with the posting.
    expect((await addCollateral(borrower, loan.id, '141.304347')).body.data).toMatchObject({ collateral: '1500.000000', ltvBp: 7776, marginCall: null, marginCalls: 2 });
    expect(await watch()).toMatchObject({ marginCalls: 0, liquidated: 0 });
    expect(mailsTo(borrower)).toHaveLength(2);

    // The operators see its LTV and the calls sent.
    const view = (await t.get<{ rate: string; marginCallLtv: string; open: Array<Loan & { username: string }> }>('/ops/loans/watch', { token: financeToken })).body.data!;
    expect(view).toMatchObject({ rate: '0.860000', marginCallLtv: '85' });
    expect(view.open.find((l) => l.id === loan.id)).toMatchObject({ ltvBp: 7776, marginCalls: 2, username: borrower.username });
    await repaidInFull(borrower, loan);
  });
});

describe('liquidation', () => {
  test('docs/loans.md: the rate to 0.817 on day 10 — 1,239.938801 USDT converted, 118.756852 back, fee 10.03 EUR; exactly once with two processes; a repayment after it is refused', async () => {
    const { borrower, loan } = await loanOnDayTen();
    await setRate('0.817');
    // A second server process of the installation (its own mail server) runs the watch at the same time.
    const t2 = await startTestApp({ sameInstallationAs: t });
    let notices: string[];
    try {
      const reports = await Promise.all([watch(), t2.app.services.loanWatch.round(), watch()]);
      expect(reports.reduce((sum, r) => sum + r.liquidated, 0)).toBe(1);
      notices = [...mailsTo(borrower), ...t2.mailbox.to(borrower.email)].map((mail) => mail.text);
    } finally {
      await t2.close();
    }
    const ended = await detail(borrower, loan.id);
    expect(ended).toMatchObject({
      status: 'liquidated',
      ltvBp: 9036,
      marginCall: null,
      liquidation: { at: t.clock.now().toISOString(), rate: '0.817000', converted: '1239.938801', returned: '118.756852', interest: '3.00', fee: '10.03', shortfall: '0.00' },
    });
    // The borrower keeps the 1,000.00 EUR; of the USDT, 118.756852 came back; nothing stays locked.
    expect(await USDT_OF(borrower.userId, 'available')).toBe(USDT(1_500) - 1_239_938_801n);
    expect(await USDT_OF(borrower.userId, 'collateral')).toBe(0n);
    expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'available')).toBe(100_000n);
    // One posting: collateral → exchange, exchange → loans (principal), exchange → fees (interest + fee), the rest back.
    const legs = await rowsOf<{ kind: string; asset: string; amount: string; n: string }>(
      t.database.db,
      sql`SELECT kind, asset, amount::text, count(*) OVER ()::text AS n FROM ledger_transfers WHERE reference = ${`loan:${loan.id}`} AND kind IN ('loan_liquidation', 'loan_liquidation_repay', 'loan_liquidation_fee', 'loan_collateral_release') ORDER BY id`,
    );
    expect(legs.map(({ kind, asset, amount }) => ({ kind, asset, amount }))).toEqual([
      { kind: 'loan_liquidation', asset: 'USDT', amount: '1239938801' },
      { kind: 'loan_liquidation_repay', asset: 'EUR', amount: '100000' },
      { kind: 'loan_liquidation_fee', asset: 'EUR', amount: '1303' },
      { kind: 'loan_collateral_release', asset: 'USDT', amount: '118756852' },
    ]);
    const [audit] = await rowsOf<{ operator_id: string | null; details: { converted: string; fee: string } }>(
      t.database.db,
      sql`SELECT operator_id, details FROM audit_log WHERE action = 'loan.liquidate' AND subject = ${`loan:${loan.id}`}`,
    );
    expect(audit).toMatchObject({ operator_id: null, details: { converted: '1239.938801', fee: '10.03' } });
    // Told once, whichever process liquidated it.
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('1239.938801 USDT of your collateral were converted at 0.817000 to repay 1013.03 EUR');

    // Ended: a repayment or more collateral is refused with its reason, nothing moves; the watch leaves it.
    await t.fund(borrower.userId, 'EUR', 300n);
    const refused = await t.post('/loan/repay', { id: loan.id, payPassword: borrower.payPassword }, { ...paid(borrower), headers: { ...paid(borrower).headers, 'accept-language': 'ar' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'loan.liquidated', message: errorText('ar', 'loan.liquidated') });
    expect((await addCollateral(borrower, loan.id, '1')).body).toMatchObject({ key: 'loan.liquidated' });
    expect(await watch()).toMatchObject({ liquidated: 0 });
    expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'available')).toBe(100_300n);
    expect(await USDT_OF(borrower.userId, 'available')).toBe(USDT(1_500) - 1_239_938_801n);
    // The user may apply again.
    const view = (await t.get<{ liquidated: Loan[] }>('/ops/loans/watch', { token: financeToken })).body.data!;
    expect(view.liquidated.find((l) => l.id === loan.id)).toMatchObject({ liquidation: { converted: '1239.938801' } });
  });

  test('a repayment racing the liquidation: either the repayment is held and the watch leaves it, or the loan is liquidated and the repayment refused', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      await setRate('0.92');
      const { borrower, loan } = await loanOnDayTen();
      await t.fund(borrower.userId, 'EUR', 300n);
      await setRate('0.817');
      const [repaid, report] = await Promise.all([repay(borrower, loan.id), watch()]);
      const after = await detail(borrower, loan.id);
      if (repaid.status === 200) {
        expect(report.liquidated).toBe(0);
        expect(after).toMatchObject({ status: 'repaying', repayInterest: '3.00', liquidation: null });
        expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'held')).toBe(100_300n);
        expect(await USDT_OF(borrower.userId, 'collateral')).toBe(1_358_695_653n);
        // Its debt is held: the watch leaves it however far the rate goes.
        expect(await watch()).toMatchObject({ liquidated: 0 });
        await t.post('/ops/loans/repayment/confirm', { id: loan.id }, { token: financeToken });
        expect(await USDT_OF(borrower.userId, 'available')).toBe(USDT(1_500));
        outcomes.add('repaid');
      } else {
        expect(repaid.body).toMatchObject({ key: 'loan.liquidated' });
        expect(report.liquidated).toBe(1);
        expect(after).toMatchObject({ status: 'liquidated', liquidation: { converted: '1239.938801', returned: '118.756852' } });
        expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'available')).toBe(100_300n);
        expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'held')).toBe(0n);
        outcomes.add('liquidated');
      }
      await t.assertLedgerClean();
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  test('the watch waits on a repayment holding the loan\'s row lock and then leaves it repaying; refused, the loan is watched again and liquidated', async () => {
    const { borrower, loan } = await loanOnDayTen();
    await t.fund(borrower.userId, 'EUR', 300n);
    await setRate('0.817');
    // The repayment's transaction holds the loan's row lock while the watch starts its round.
    let watching: Promise<unknown> | null = null;
    await inTransaction(t.database.db, async (tx) => {
      await t.app.services.loans.repay(tx, borrower.userId, loan.id, t.clock.now());
      watching = watch();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await watching).toMatchObject({ liquidated: 0 });
    expect(await detail(borrower, loan.id)).toMatchObject({ status: 'repaying', repayInterest: '3.00', liquidation: null });
    expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'held')).toBe(100_300n);
    // Refused: the hold returns and the loan, still past the threshold, is liquidated at the next round.
    await t.post('/ops/loans/repayment/refuse', { id: loan.id, reason: 'Not matched' }, { token: financeToken });
    expect(await watch()).toMatchObject({ liquidated: 1 });
    expect(await detail(borrower, loan.id)).toMatchObject({ status: 'liquidated', liquidation: { converted: '1239.938801', returned: '118.756852', fee: '10.03' } });
    expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'available')).toBe(100_300n);
  });

  test('the rate jumped past the collateral: all of it converted, the shortfall the platform\'s, listed for operators', async () => {
    const { borrower, loan } = await loanOnDayTen();
    const before = await rowsOf<{ total: string }>(t.database.db, sql`SELECT coalesce(sum(liquidation_shortfall), 0)::text AS total FROM loans WHERE asset = 'EUR'`);
    // 0.70: 1,358.695653 USDT are worth 951.08 EUR; owed 1,003.00 + 10.03.
    await setRate('0.70');
    expect(await watch()).toMatchObject({ liquidated: 1 });
    expect(await detail(borrower, loan.id)).toMatchObject({
      status: 'liquidated',
      liquidation: { rate: '0.700000', converted: '1358.695653', returned: '0.000000', interest: '3.00', fee: '10.03', shortfall: '61.95' },
    });
    expect(await USDT_OF(borrower.userId, 'available')).toBe(USDT(1_500) - 1_358_695_653n);
    expect(await USDT_OF(borrower.userId, 'collateral')).toBe(0n);
    const view = (await t.get<{ shortfalls: Array<{ asset: string; total: string; loans: number }> }>('/ops/loans/watch', { token: financeToken })).body.data!;
    const eur = view.shortfalls.find((s) => s.asset === 'EUR')!;
    expect(BigInt(eur.total.replace('.', '')) - BigInt(before[0].total)).toBe(6_195n);
  });

  test('the job: a change of the rate starts a round at once', async () => {
    const { borrower, loan } = await loanOnDayTen();
    const job = startLoanWatch(t.app.services.loanWatch, { info: () => undefined, error: () => undefined }, { pollMs: 20, everyMs: 3_600_000 });
    try {
      await job.runNow();
      await setRate('0.86');
      const deadline = Date.now() + 10_000;
      while ((await detail(borrower, loan.id)).marginCall === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await detail(borrower, loan.id)).toMatchObject({ marginCall: { ltvBp: 8584 }, marginCalls: 1 });
    } finally {
      job.stop();
      await job.runNow();
    }
    await repaidInFull(borrower, loan);
  });
});
