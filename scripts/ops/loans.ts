/** loans, loan approve|reject|repaid|refuse|document|watch: applications and repayments under review, the LTV watch. */
import { LOAN_STATUSES, type Loan } from '../../src/domain/loan';
import type { OpsLoan, OpsLoanWatch } from '../../src/domain/ops-wire';
import type { Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call, saveImage } from './http';
import { printPage, table, when } from './output';

/** An LTV in hundredths of a percent as shown: 9036 → "90.36 %". */
const ltvText = (bp: number | null | undefined) => (bp === null || bp === undefined ? '' : `${(bp / 100).toFixed(2)} %`);

export async function listLoans(args: Args): Promise<void> {
  const query = { status: statusOption(args, LOAN_STATUSES, 'pending'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsLoan>>(args, 'GET', '/loans', { query }),
    ['ID', 'LOAN', 'USER', 'TYPE', 'AMOUNT', 'DAYS', 'TOTAL', 'STATUS', 'LTV', 'CALLS', 'NAME', 'ID TYPE', 'APPLIED', 'REASON'],
    (l) => [
      l.id, l.loanNo, l.username, l.type, `${l.amount} ${l.asset}`, l.days, `${l.total} ${l.asset}`,
      l.status, ltvText(l.ltvBp), l.marginCalls ? `${l.marginCalls}${l.marginCall ? ' (now)' : ''}` : '', l.fullName, l.idType, when(l.createdAt), l.repayReason ?? l.reason,
    ],
    'no loans',
  );
}

function printLoan(l: Loan): void {
  console.log(`loan ${l.id} (${l.loanNo}): ${l.amount} ${l.asset} for ${l.days} days, total ${l.total} ${l.asset}, status ${l.status}${l.reason ? `, reason: ${l.reason}` : ''}${l.repayReason ? `, repayment refused: ${l.repayReason}` : ''}`);
}

/** loan watch: the rate and thresholds, each open loan across assets with its LTV and margin calls, the liquidations made. */
async function printWatch(args: Args): Promise<void> {
  const view = await call<OpsLoanWatch>(args, 'GET', '/loans/watch');
  console.log(`rate ${view.rate} EUR/USDT; margin call at ${view.marginCallLtv} %, liquidation at ${view.liquidationLtv} % (fee ${view.liquidationFeePercent} %)`);
  console.log('\nopen loans across assets');
  console.log(view.open.length === 0 ? 'none' : table(
    ['ID', 'USER', 'OWES', 'COLLATERAL', 'STATUS', 'LTV', 'AS OF', 'MARGIN CALL', 'CALLS SENT'],
    view.open.map((l) => [l.id, l.username, `${l.amount} ${l.asset}`, `${l.collateral} ${l.collateralAsset ?? ''}`, l.status, ltvText(l.ltvBp), when(l.ltvAt), l.marginCall ? `since ${when(l.marginCall.since)} at ${ltvText(l.marginCall.ltvBp)}` : '', l.marginCalls ?? 0]),
  ));
  console.log('\nliquidations');
  console.log(view.liquidated.length === 0 ? 'none' : table(
    ['ID', 'USER', 'AT', 'RATE', 'CONVERTED', 'RETURNED', 'INTEREST', 'FEE', 'SHORTFALL'],
    view.liquidated.map((l) => {
      const q = l.liquidation!;
      return [l.id, l.username, when(q.at), q.rate, `${q.converted} ${l.collateralAsset ?? ''}`, `${q.returned} ${l.collateralAsset ?? ''}`, `${q.interest} ${l.asset}`, `${q.fee} ${l.asset}`, `${q.shortfall} ${l.asset}`];
    }),
  ));
  for (const s of view.shortfalls) console.log(`shortfall (the platform's loss): ${s.total} ${s.asset} over ${s.loans} loan(s)`);
}

export async function decideLoan(args: Args): Promise<void> {
  const action = operand(args, 1, 'approve, reject, repaid, refuse, document or watch');
  if (action === 'watch') return printWatch(args);
  const id = recordId(operand(args, 2, 'loan id'));
  const reason = option(args, 'reason');
  switch (action) {
    case 'approve':
      return printLoan(await call<Loan>(args, 'POST', '/loans/approve', { body: { id } }));
    case 'reject':
      return printLoan(await call<Loan>(args, 'POST', '/loans/reject', { body: { id, ...(reason ? { reason } : {}) } }));
    case 'repaid':
      return printLoan(await call<Loan>(args, 'POST', '/loans/repayment/confirm', { body: { id } }));
    case 'refuse':
      return printLoan(await call<Loan>(args, 'POST', '/loans/repayment/refuse', { body: { id, reason: requiredOption(args, 'reason', 'loan refuse') } }));
    case 'document': {
      const side = operand(args, 3, 'front or back');
      if (side !== 'front' && side !== 'back') throw new UsageError(`loan document ${id} ${side}? front or back`);
      const out = await saveImage(args, '/loans/document', { id: String(id), side }, `loan-${id}-${side}`);
      console.log(`${side} of the ID of loan ${id} saved to ${out}`);
      return;
    }
    default:
      throw new UsageError(`loan ${action}? approve, reject, repaid, refuse, document or watch`);
  }
}
