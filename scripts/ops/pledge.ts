/** pledge products, pledge product …, pledge run: the pledge's terms and its payout round. */
import type { OpsPledgeRun } from '../../src/domain/ops-wire';
import type { PledgeProduct } from '../../src/domain/pledge';
import { operand, option, requiredOption, UsageError, type Args } from './args';
import { call } from './http';
import { table } from './output';

function printProducts(products: PledgeProduct[]): void {
  console.log(
    table(
      ['ID', 'ASSET', 'DAYS', 'DAILY %', 'MINIMUM', 'PENALTY %', 'ACTIVE'],
      products.map((p) => [p.id, p.asset, p.lockDays, p.dailyRate, p.minAmount, p.penaltyRate, p.active ? 'yes' : 'no']),
    ),
  );
}

export async function pledgeCommand(args: Args): Promise<void> {
  const action = operand(args, 1, 'products, product or run');
  if (action === 'products') {
    printProducts(await call<PledgeProduct[]>(args, 'GET', '/pledge/products'));
  } else if (action === 'product') {
    const id = option(args, 'id');
    const product = await call<PledgeProduct>(args, 'POST', '/pledge/products', {
      body: {
        ...(id ? { id: Number(id) } : {}),
        asset: option(args, 'asset') ?? 'USDT',
        minAmount: requiredOption(args, 'min', 'pledge product'),
        dailyRate: requiredOption(args, 'daily-rate', 'pledge product'),
        lockDays: Number(requiredOption(args, 'days', 'pledge product')),
        penaltyRate: requiredOption(args, 'penalty', 'pledge product'),
        active: option(args, 'active') !== 'no',
      },
    });
    console.log(`pledge product ${product.id}: ${product.lockDays} days at ${product.dailyRate} % a day, from ${product.minAmount} ${product.asset}, penalty ${product.penaltyRate} %${product.active ? '' : ' (inactive)'}`);
  } else if (action === 'run') {
    const report = await call<OpsPledgeRun>(args, 'POST', '/pledge/run', { body: {} });
    console.log(`pledge payout: ${report.days} days paid (${report.paid} payments), ${report.matured} orders matured`);
  } else {
    throw new UsageError(`pledge ${action}? products, product or run`);
  }
}
