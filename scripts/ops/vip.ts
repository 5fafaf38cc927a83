/** vip, vip set LEVEL. */
import { operand, requiredOption, type Args } from './args';
import { call } from './http';
import { table } from './output';
import type { OpsVipLevel } from '../../src/domain/ops-wire';

export async function vip(args: Args): Promise<void> {
  if (args.positional[1] === 'set') {
    const level = Number(operand(args, 2, 'level'));
    const orders = Number(requiredOption(args, 'orders', 'vip set'));
    const saved = await call<OpsVipLevel>(args, 'POST', '/vip_levels', {
      body: {
        level,
        upgradeAmount: requiredOption(args, 'upgrade', 'vip set'),
        giftPercent: requiredOption(args, 'gift', 'vip set'),
        dailyOrders: orders,
        reason: requiredOption(args, 'reason', 'vip set'),
      },
    });
    console.log(`VIP ${saved.level}: from ${saved.upgradeAmount} USDT, gift ${saved.giftPercent} %, ${saved.dailyOrders} orders a day`);
    return;
  }
  const levels = await call<OpsVipLevel[]>(args, 'GET', '/vip_levels');
  console.log(table(['LEVEL', 'FROM (USDT)', 'GIFT %', 'ORDERS/DAY'], levels.map((l) => [l.level, l.upgradeAmount, l.giftPercent, l.dailyOrders])));
}
