/**
 * adjust: a correction is a ledger transfer, posted once per idempotency key; above the four-eyes
 * threshold it is proposed instead. proposals, proposal approve|refuse: another operator's answer.
 */
import crypto from 'node:crypto';
import { ASSET_CODES, isAsset } from '../../src/domain/money';
import type { Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call, ServerRefusal } from './http';
import { printPage, when } from './output';
import { PROPOSAL_STATUSES, type OpsAdjustment, type OpsApprovedProposal, type OpsCorrection, type OpsProposal } from '../../src/domain/ops-wire';

const posted = (r: OpsAdjustment) => `adjusted ${r.username} by ${r.amount} ${r.asset} (transfer ${r.transferId}); available now ${r.balance} ${r.asset}`;

export async function adjust(args: Args): Promise<void> {
  const userId = operand(args, 1, 'user id');
  const asset = operand(args, 2, `asset (${ASSET_CODES.join(' or ')})`).toUpperCase();
  if (!isAsset(asset)) throw new UsageError(`asset ${asset}? ${ASSET_CODES.join(' or ')}`);
  const amount = operand(args, 3, 'signed amount');
  const reason = requiredOption(args, 'reason', 'adjust');
  // A correction moves money: it goes with a key, so that running it again with the same key
  // (after a lost answer) posts it once.
  const key = option(args, 'key') ?? `adjust-${crypto.randomUUID()}`;
  let r: OpsCorrection;
  try {
    r = await call<OpsCorrection>(args, 'POST', '/adjustments', { body: { userId, asset, amount, reason }, idempotencyKey: key });
  } catch (error) {
    if (error instanceof ServerRefusal) error.message += `\n(idempotency key ${key}: to retry this correction without posting it twice, add --key ${key})`;
    throw error;
  }
  if (r.outcome === 'posted') {
    console.log(`${posted(r)} [key ${key}]`);
  } else {
    const p = r.proposal;
    console.log(
      `proposed, NOT posted: ${p.amount} ${p.asset} for ${p.username} is above the four-eyes threshold of ${r.threshold} ${p.asset}; ` +
        `proposal ${p.id} waits for another finance operator (npm run ops -- proposal approve ${p.id}) [key ${key}]`,
    );
  }
}

export async function listProposals(args: Args): Promise<void> {
  const query = { status: statusOption(args, PROPOSAL_STATUSES, 'pending'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsProposal>>(args, 'GET', '/adjustments/proposals', { query }),
    ['ID', 'USER', 'USER ID', 'AMOUNT', 'REASON', 'MAKER', 'PROPOSED', 'STATUS', 'CHECKER', 'DECIDED', 'TRANSFER / WHY REFUSED'],
    (p) => [p.id, p.username, p.userId, `${p.amount} ${p.asset}`, p.reason, p.maker, when(p.createdAt), p.status, p.checker, when(p.decidedAt), p.transferId ?? p.decisionReason],
    'no proposals',
  );
}

export async function decideProposal(args: Args): Promise<void> {
  const action = operand(args, 1, 'approve or refuse');
  const id = recordId(operand(args, 2, 'proposal id'));
  if (action === 'approve') {
    const r = await call<OpsApprovedProposal>(args, 'POST', '/adjustments/proposals/approve', { body: { id } });
    console.log(`proposal ${id} of ${r.proposal.maker} approved: ${posted(r.posted)}`);
  } else if (action === 'refuse') {
    const p = await call<OpsProposal>(args, 'POST', '/adjustments/proposals/refuse', { body: { id, reason: requiredOption(args, 'reason', 'proposal refuse') } });
    console.log(`proposal ${p.id} (${p.amount} ${p.asset} for ${p.username}) refused, nothing posted: ${p.decisionReason}`);
  } else {
    throw new UsageError(`proposal ${action}? approve or refuse`);
  }
}
