/** merchants, merchant approve|reject: applications to trade in the hall. */
import { MERCHANT_APPLICATION_STATUSES } from '../../src/domain/trading';
import type { Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call } from './http';
import { printPage, when } from './output';
import type { OpsDecidedMerchantApplication, OpsMerchantApplication } from '../../src/domain/ops-wire';

export async function listMerchantApplications(args: Args): Promise<void> {
  const query = { status: statusOption(args, MERCHANT_APPLICATION_STATUSES, 'pending'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsMerchantApplication>>(args, 'GET', '/merchants', { query }),
    ['ID', 'USER', 'NAME', 'USER ID', 'STATUS', 'APPLIED', 'DECIDED', 'REASON'],
    (a) => [a.id, a.username, a.nickname, a.userId, a.status, when(a.createdAt), a.decidedAt ? when(a.decidedAt) : null, a.reason],
    'no merchant applications',
  );
}

export async function decideMerchantApplication(args: Args): Promise<void> {
  const action = operand(args, 1, 'approve or reject');
  const id = recordId(operand(args, 2, 'application id'));
  let a: OpsDecidedMerchantApplication;
  if (action === 'approve') {
    a = await call<OpsDecidedMerchantApplication>(args, 'POST', '/merchants/approve', { body: { id } });
  } else if (action === 'reject') {
    a = await call<OpsDecidedMerchantApplication>(args, 'POST', '/merchants/reject', { body: { id, reason: requiredOption(args, 'reason', 'merchant reject') } });
  } else {
    throw new UsageError(`merchant ${action}? approve or reject`);
  }
  console.log(`merchant application ${a.id} (user ${a.userId}): ${a.status}${a.reason ? `, reason: ${a.reason}` : ''}`);
}
