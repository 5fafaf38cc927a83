/** settings, set KEY VALUE. */
import { operand, requiredOption, type Args } from './args';
import { call } from './http';
import { table, when } from './output';
import type { OpsSetting } from '../../src/domain/ops-wire';

export async function listSettings(args: Args): Promise<void> {
  const list = await call<OpsSetting[]>(args, 'GET', '/settings');
  console.log(table(['KEY', 'VALUE', 'UPDATED'], list.map((s) => [s.key, s.value ?? '(unset)', when(s.updatedAt)])));
}

export async function changeSetting(args: Args): Promise<void> {
  const key = operand(args, 1, 'setting key');
  const value = operand(args, 2, 'value');
  const s = await call<{ key: string; value: string }>(args, 'POST', '/settings', { body: { key, value, reason: requiredOption(args, 'reason', 'set') } });
  console.log(`${s.key} = ${s.value}`);
}
