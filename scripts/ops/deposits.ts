/** deposits, deposit approve|reject|proof. */
import { DEPOSIT_STATUSES } from '../../src/domain/ledger';
import type { Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call, saveImage } from './http';
import { printPage, when } from './output';
import type { OpsDecidedDeposit, OpsDeposit } from '../../src/domain/ops-wire';

export async function listDeposits(args: Args): Promise<void> {
  const query = { status: statusOption(args, DEPOSIT_STATUSES, 'processing'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsDeposit>>(args, 'GET', '/deposits', { query }),
    ['ID', 'ORDER', 'USER', 'USER ID', 'COIN', 'AMOUNT', 'STATUS', 'REFERENCE', 'REQUESTED', 'REASON'],
    (d) => [d.id, d.orderNo, d.username, d.userId, d.network ? `${d.coin}/${d.network}` : d.coin, `${d.amount} ${d.asset}`, d.status, d.reference, when(d.createdAt), d.reason],
    'no deposits',
  );
}

function printDeposit(label: string, d: OpsDecidedDeposit): void {
  const bonus = d.bonus && d.bonus !== '0' && !/^0\.0+$/.test(d.bonus) ? ` + gift ${d.bonus} ${d.asset}` : '';
  console.log(`${label} deposit ${d.id} (${d.orderNo}): ${d.amount} ${d.asset}${bonus}, status ${d.status}${d.reason ? `, reason: ${d.reason}` : ''}`);
}

async function saveProof(args: Args, id: number): Promise<void> {
  const out = await saveImage(args, '/deposits/proof', { id: String(id) }, `deposit-${id}-proof`);
  console.log(`proof of deposit ${id} saved to ${out}`);
}

export async function decideDeposit(args: Args): Promise<void> {
  const action = operand(args, 1, 'approve, reject or proof');
  const id = recordId(operand(args, 2, 'deposit id'));
  if (action === 'approve') {
    const amount = option(args, 'amount');
    const reason = option(args, 'reason');
    printDeposit('approved', await call<OpsDecidedDeposit>(args, 'POST', '/deposits/approve', { body: { id, ...(amount ? { amount } : {}), ...(reason ? { reason } : {}) } }));
  } else if (action === 'reject') {
    printDeposit('rejected', await call<OpsDecidedDeposit>(args, 'POST', '/deposits/reject', { body: { id, reason: requiredOption(args, 'reason', 'deposit reject') } }));
  } else if (action === 'proof') {
    await saveProof(args, id);
  } else {
    throw new UsageError(`deposit ${action}? approve, reject or proof`);
  }
}
