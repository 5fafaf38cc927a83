/**
 * `npm run ops -- <command>`: the operator console on the command line. It talks to the RUNNING
 * server over HTTP (/api/ops), never to the database: the embedded PGlite belongs to the server's
 * process and a second process must not open it. The exceptions are `bootstrap-admin`, which
 * runs before any operator exists (scripts/ops/bootstrap.ts), `backup` of a PostgreSQL database
 * (pg_dump; the embedded one is copied by the server) and `restore`, which opens the restored
 * database itself with the server stopped (scripts/ops/backup.ts). The session token is kept in
 * DATA_DIR/ops-session.json (mode 0600) after `login`.
 */
import { adjust, decideProposal, listProposals } from './adjust';
import { readArgs, UsageError, type Args } from './args';
import { audit } from './audit';
import { backupCommand, restoreCommand } from './backup';
import { bootstrapAdminCommand } from './bootstrap';
import { coins } from './coins';
import { decideDeposit, listDeposits } from './deposits';
import { HELP } from './help';
import { liabilitiesCommand } from './liabilities';
import { decideLoan, listLoans } from './loans';
import { decideMerchantApplication, listMerchantApplications } from './merchants';
import { listNews, newsCommand } from './news';
import { ServerRefusal } from './http';
import { operatorCommand } from './operators';
import { pledgeCommand } from './pledge';
import { login, logout, totp } from './session';
import { changeSetting, listSettings } from './settings';
import { ledger, queues, totals, user, users } from './users';
import { vip } from './vip';
import { decideWithdrawal, listWithdrawals } from './withdrawals';

const COMMANDS: Record<string, (args: Args) => Promise<void> | void> = {
  help: () => console.log(HELP),
  login,
  logout,
  totp,
  deposits: listDeposits,
  deposit: decideDeposit,
  withdrawals: listWithdrawals,
  withdrawal: decideWithdrawal,
  merchants: listMerchantApplications,
  merchant: decideMerchantApplication,
  loans: listLoans,
  loan: decideLoan,
  pledge: pledgeCommand,
  liabilities: liabilitiesCommand,
  news: (args) => (args.positional.length > 1 ? newsCommand(args) : listNews(args)),
  adjust,
  proposals: listProposals,
  proposal: decideProposal,
  settings: listSettings,
  set: changeSetting,
  vip,
  coins,
  coin: coins,
  audit,
  queues,
  users,
  user,
  totals,
  ledger,
  operator: operatorCommand,
  'bootstrap-admin': bootstrapAdminCommand,
  backup: backupCommand,
  restore: restoreCommand,
};

/** Runs one command; the exit code: 0 done, 1 a usage mistake or the server's refusal. */
export async function main(argv: string[]): Promise<number> {
  try {
    const args = readArgs(argv);
    const name = args.help ? 'help' : (args.positional[0] ?? 'help');
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
      console.error(`unknown command "${name}"\n`);
      console.error(HELP);
      return 1;
    }
    await command(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ServerRefusal) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
