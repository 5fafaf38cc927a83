/** The pledge's products (docs/pledge.md): listed for everyone, written by operators (audited). */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { parseRate, type PledgeProduct, type PledgeProductInput } from '../../../src/domain/pledge';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal } from '../../errors';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { type ProductRow, productOf, products, type PledgeDeps } from './rows';

export function productCalls({ db }: PledgeDeps) {
  return {
    products,

    /** Operators: every product, inactive ones too. */
    allProducts: () => products(db, { activeOnly: false }),

    /** Operators: a new product, or changed terms for orders started from now on (audited). */
    async saveProduct(input: PledgeProductInput, actor: AuditActor): Promise<PledgeProduct> {
      const minAmount = amountOrRefusal(input.minAmount, input.asset);
      const daily = parseRate(input.dailyRate);
      const penalty = parseRate(input.penaltyRate);
      if (daily === null || daily === 0n || penalty === null) throw new AppError('pledge.rateInvalid', 400);
      return inTransaction(db, async (tx) => {
        const values = sql`${input.asset}, ${minAmount.toString()}::bigint, ${daily.toString()}::bigint, ${input.lockDays}, ${penalty.toString()}::bigint, ${input.active}`;
        const [row] = input.id
          ? await rowsOf<ProductRow>(
              tx,
              sql`UPDATE pledge_products SET (asset, min_amount, daily_ppm, lock_days, penalty_ppm, active, updated_at) = (${values}, ${actor.at.toISOString()}::timestamptz)
                  WHERE id = ${input.id}
                  RETURNING id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active`,
            )
          : await rowsOf<ProductRow>(
              tx,
              sql`INSERT INTO pledge_products (asset, min_amount, daily_ppm, lock_days, penalty_ppm, active, created_at, updated_at)
                  VALUES (${values}, ${actor.at.toISOString()}::timestamptz, ${actor.at.toISOString()}::timestamptz)
                  RETURNING id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active`,
            );
        if (!row) throw new AppError('pledge.productNotFound', 404);
        const product = productOf(row);
        await recordAudit(tx, actor, { action: 'pledge.product', subject: `pledge_product:${row.id}`, details: { ...product } });
        return product;
      });
    },
  };
}
