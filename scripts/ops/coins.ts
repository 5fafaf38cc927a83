/** coins, coin set CODE: the deposit addresses and bank details users are shown. */
import { operand, option, requiredOption, type Args } from './args';
import { call } from './http';
import { table } from './output';
import type { OpsCoin } from '../../src/domain/ops-wire';

const coinLine = (c: OpsCoin) =>
  c.kind === 'bank' && c.bank
    ? `${c.bank.holder}, ${c.bank.iban}, ${c.bank.bic}, ${c.bank.bankName}`
    : [c.address, c.addressErc ? `ERC20 ${c.addressErc}` : null].filter(Boolean).join('  ');

export async function coins(args: Args): Promise<void> {
  if (args.positional[1] === 'set') {
    const code = operand(args, 2, 'coin code').toUpperCase();
    const holder = option(args, 'holder');
    const bank =
      holder || option(args, 'iban')
        ? { holder: holder ?? '', iban: option(args, 'iban') ?? '', bic: option(args, 'bic') ?? '', bankName: option(args, 'bank-name') ?? '' }
        : undefined;
    const address = option(args, 'address');
    const addressErc = option(args, 'erc');
    const saved = await call<OpsCoin>(args, 'POST', '/coins', {
      body: { code, ...(address ? { address } : {}), ...(addressErc ? { addressErc } : {}), ...(bank ? { bank } : {}), reason: requiredOption(args, 'reason', 'coin set') },
    });
    console.log(`${saved.code}: ${coinLine(saved)}`);
    return;
  }
  const list = await call<OpsCoin[]>(args, 'GET', '/coins');
  console.log(table(['CODE', 'KIND', 'NETWORK', 'DEPOSIT TO'], list.map((c) => [c.code, c.kind, c.network, coinLine(c)])));
}
