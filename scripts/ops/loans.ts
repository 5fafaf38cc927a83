/** loans, loan approve|reject|repaid|refuse|document: applications and repayments under review. */
import { LOAN_STATUSES, type Loan } from '../../src/domain/loan';
import type { Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call, saveImage } from './http';
import { printPage, when } from './output';

type OpsLoan = Loan & { userId: string; username: string };

export async function listLoans(args: Args): Promise<void> {
  const query = { status: statusOption(args, LOAN_STATUSES, 'pending'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsLoan>>(args, 'GET', '/loans', { query }),
    ['ID', 'LOAN', 'USER', 'TYPE', 'AMOUNT', 'DAYS', 'TOTAL', 'STATUS', 'NAME', 'ID TYPE', 'APPLIED', 'REASON'],
    (l) => [l.id, l.loanNo, l.username, l.type, `${l.amount} ${l.asset}`, l.days, `${l.total} ${l.asset}`, l.status, l.fullName, l.idType, when(l.createdAt), l.repayReason ?? l.reason],
    'no loans',
  );
}

function printLoan(l: Loan): void {
  console.log(`loan ${l.id} (${l.loanNo}): ${l.amount} ${l.asset} for ${l.days} days, total ${l.total} ${l.asset}, status ${l.status}${l.reason ? `, reason: ${l.reason}` : ''}${l.repayReason ? `, repayment refused: ${l.repayReason}` : ''}`);
}

export async function decideLoan(args: Args): Promise<void> {
  const action = operand(args, 1, 'approve, reject, repaid, refuse or document');
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
      throw new UsageError(`loan ${action}? approve, reject, repaid, refuse or document`);
  }
}
