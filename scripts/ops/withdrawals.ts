/** withdrawals, withdrawal approve|reject. */
import { WITHDRAWAL_STATUSES } from '../../src/domain/ledger';
import type { Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call } from './http';
import { printPage, when } from './output';
import type { OpsDecidedWithdrawal, OpsWithdrawal } from '../../src/domain/ops-wire';

export async function listWithdrawals(args: Args): Promise<void> {
  const query = { status: statusOption(args, WITHDRAWAL_STATUSES, 'processing'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsWithdrawal>>(args, 'GET', '/withdrawals', { query }),
    ['ID', 'ORDER', 'USER', 'USER ID', 'METHOD', 'TO', 'AMOUNT', 'FEE', 'PAY OUT', 'STATUS', 'REQUESTED', 'TX / REASON'],
    (w) => [
      w.id,
      w.orderNo,
      w.username,
      w.userId,
      w.network ? `${w.method}/${w.network}` : w.method,
      w.destination,
      `${w.amount} ${w.asset}`,
      w.fee,
      w.net,
      w.status,
      when(w.createdAt),
      w.txReference ?? w.reason,
    ],
    'no withdrawals',
  );
}

export async function decideWithdrawal(args: Args): Promise<void> {
  const action = operand(args, 1, 'approve or reject');
  const id = recordId(operand(args, 2, 'withdrawal id'));
  let w: OpsDecidedWithdrawal;
  if (action === 'approve') {
    w = await call<OpsDecidedWithdrawal>(args, 'POST', '/withdrawals/approve', { body: { id, txReference: requiredOption(args, 'reference', 'withdrawal approve') } });
  } else if (action === 'reject') {
    w = await call<OpsDecidedWithdrawal>(args, 'POST', '/withdrawals/reject', { body: { id, reason: requiredOption(args, 'reason', 'withdrawal reject') } });
  } else {
    throw new UsageError(`withdrawal ${action}? approve or reject`);
  }
  console.log(`withdrawal ${w.id} (${w.orderNo}): ${w.amount} ${w.asset}, status ${w.status}${w.txReference ? `, tx ${w.txReference}` : ''}${w.reason ? `, reason: ${w.reason}` : ''}`);
}
