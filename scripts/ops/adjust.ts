/** adjust: a correction is a ledger transfer, posted once per idempotency key. */
import crypto from 'node:crypto';
import { ASSET_CODES, isAsset } from '../../src/domain/money';
import { operand, option, requiredOption, UsageError, type Args } from './args';
import { call, ServerRefusal } from './http';
import type { OpsAdjustment } from './wire';

export async function adjust(args: Args): Promise<void> {
  const userId = operand(args, 1, 'user id');
  const asset = operand(args, 2, `asset (${ASSET_CODES.join(' or ')})`).toUpperCase();
  if (!isAsset(asset)) throw new UsageError(`asset ${asset}? ${ASSET_CODES.join(' or ')}`);
  const amount = operand(args, 3, 'signed amount');
  const reason = requiredOption(args, 'reason', 'adjust');
  // A correction moves money: it goes with a key, so that running it again with the same key
  // (after a lost answer) posts it once.
  const key = option(args, 'key') ?? `adjust-${crypto.randomUUID()}`;
  let r: OpsAdjustment;
  try {
    r = await call<OpsAdjustment>(args, 'POST', '/adjustments', { body: { userId, asset, amount, reason }, idempotencyKey: key });
  } catch (error) {
    if (error instanceof ServerRefusal) error.message += `\n(idempotency key ${key}: to retry this correction without posting it twice, add --key ${key})`;
    throw error;
  }
  console.log(`adjusted ${r.username} by ${r.amount} ${r.asset} (transfer ${r.transferId}); available now ${r.balance} ${r.asset} [key ${key}]`);
}
