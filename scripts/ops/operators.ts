/** operator create|disable NAME. */
import { operand, requiredOption, UsageError, type Args } from './args';
import { call } from './http';
import { passwordOf } from './session';
import type { OpsOperatorCreated, OpsOperatorDisabled } from '../../src/domain/ops-wire';

export async function operatorCommand(args: Args): Promise<void> {
  const action = operand(args, 1, 'create or disable');
  const username = operand(args, 2, 'operator name');
  if (action === 'create') {
    const role = requiredOption(args, 'role', 'operator create');
    const password = await passwordOf(args, `Password for ${username}`);
    const made = await call<OpsOperatorCreated>(args, 'POST', '/operators', { body: { username, password, role } });
    console.log(`operator ${made.username} (${made.role}) created.`);
    console.log('Its TOTP secret is shown this once: give it to its owner for an authenticator app.');
    console.log(`  secret      ${made.totpSecret}`);
    console.log(`  otpauth URL ${made.otpauthUrl}`);
  } else if (action === 'disable') {
    const done = await call<OpsOperatorDisabled>(args, 'POST', '/operators/disable', { body: { username, reason: requiredOption(args, 'reason', 'operator disable') } });
    console.log(`operator ${done.username} disabled; its sessions have ended`);
  } else {
    throw new UsageError(`operator ${action}? create or disable`);
  }
}
