/** login, logout and totp: the operator's session and the TOTP codes it signs in with. */
import readline from 'node:readline';
import { DEMO_OPERATOR, secondsLeftInStep, totpCode } from '../../server/modules/ops';
import { option, UsageError, type Args } from './args';
import { baseUrl, call, dataOf, forgetSession, readSession, saveSession, send, sessionFile } from './http';
import { when } from './output';
import type { OpsLoginReply } from '../../src/domain/ops-wire';

/** The code of a secret now; a secret that is not base32 is the user's mistake, not a crash. */
function codeOf(secret: string): string {
  try {
    return totpCode(secret, new Date());
  } catch {
    throw new UsageError('the TOTP secret is not base32 (letters A–Z and digits 2–7)');
  }
}

function secretOf(args: Args, username?: string): { secret: string; source: string } | null {
  const given = option(args, 'secret');
  if (given) return { secret: given, source: '--secret' };
  if (process.env.OPS_TOTP_SECRET) return { secret: process.env.OPS_TOTP_SECRET, source: 'OPS_TOTP_SECRET' };
  if (username === undefined || username.toLowerCase() === DEMO_OPERATOR.username) return { secret: DEMO_OPERATOR.totpSecret, source: 'the demo secret' };
  return null;
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const mutable = rl as unknown as { _writeToOutput: (text: string) => void };
    process.stdout.write(question);
    mutable._writeToOutput = () => undefined;
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** --password, else OPS_PASSWORD, else asked for on a terminal. */
export async function passwordOf(args: Args, what: string): Promise<string> {
  const given = option(args, 'password') ?? process.env.OPS_PASSWORD;
  if (given) return given;
  if (!process.stdin.isTTY) throw new UsageError(`${what}: give --password or set OPS_PASSWORD`);
  return askHidden(`${what}: `);
}

export async function login(args: Args): Promise<void> {
  const username = option(args, 'user') ?? option(args, 'username');
  if (!username) throw new UsageError('login: give --user NAME');
  const password = await passwordOf(args, 'Password');
  let totp = option(args, 'totp');
  if (!totp) {
    const secret = secretOf(args, username);
    if (!secret) throw new UsageError('login: give --totp CODE (from your authenticator app), or --secret / OPS_TOTP_SECRET');
    totp = codeOf(secret.secret);
    console.log(`code ${totp} computed from ${secret.source}`);
  }
  const url = baseUrl(args);
  const data = await dataOf<Required<OpsLoginReply>>(await send(url, 'POST', '/login', { body: { username, password, totp, client: 'cli' } }));
  saveSession({ url, username, token: data.token, expiresAt: data.expiresAt });
  console.log(`signed in as ${username} at ${url} until ${when(data.expiresAt)} (session in ${sessionFile()})`);
}

export async function logout(args: Args): Promise<void> {
  if (readSession()) {
    await call(args, 'POST', '/logout', { body: {} }).catch((error: Error) => console.error(`(server: ${error.message})`));
    forgetSession();
  }
  console.log('signed out');
}

export function totp(args: Args): void {
  // Without a user name there is always a secret: the demo one at worst.
  const { secret, source } = secretOf(args)!;
  console.log(`${codeOf(secret)}   (from ${source}; valid ${secondsLeftInStep(new Date())} s more)`);
}
