/**
 * First-start data, safe to run at every start: deposit options and operator settings from the
 * configuration and, only where demo data belongs (the embedded default, or SEED_DEMO=true), the
 * three demo accounts (an ordinary user and two merchants, whose offers fill the trading hall) and the demo operator. Their credentials are
 * published, so a real database never gets them unless asked.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openUserAccounts } from '../ledger/accounts';
import { newInviteCode } from '../modules/auth';
import { seedContent } from '../modules/news';
import { seedDemoOperator } from '../modules/ops';
import { createSealer } from '../security/sealed';
import type { Secrets } from '../security/secrets';
import { seedDemoHall } from '../modules/trading';
import { SETTING_KEYS, writeSetting } from '../modules/settings';
import { hashPassword } from '../security/passwords';
import { createPayPasswords, type PayPasswords } from '../security/pay-passwords';
import type { Db } from './client';
import { rowsOf } from './rows';
import { coins, users } from './schema';

export interface DemoAccount {
  role: 'user' | 'merchant';
  username: string;
  email: string;
  phone: string;
  password: string;
  payPassword: string;
}

/** Known credentials, printed at start; they pass the password rules (src/domain/validation.ts). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'user', username: 'demo', email: 'demo@tessera.local', phone: '+4915123456789', password: '583927', payPassword: '260418' },
  { role: 'merchant', username: 'merchant', email: 'merchant@tessera.local', phone: '+4915198765432', password: '749261', payPassword: '260418' },
  { role: 'merchant', username: 'trader', email: 'trader@tessera.local', phone: '+4915187654321', password: '830264', payPassword: '260418' },
];

function coinRows(config: Config) {
  const d = config.deposit;
  return [
    { code: 'USDT', name: 'USDT', kind: 'crypto' as const, network: 'TRC20', address: d.usdtTrc20, addressOmni: d.usdtTrc20, addressErc: d.usdtErc20, bank: null, sortOrder: 1 },
    { code: 'BTC', name: 'BTC', kind: 'crypto' as const, network: 'BTC', address: d.btc, addressOmni: null, addressErc: null, bank: null, sortOrder: 2 },
    { code: 'ETH', name: 'ETH', kind: 'crypto' as const, network: 'ERC20', address: d.eth, addressOmni: null, addressErc: null, bank: null, sortOrder: 3 },
    { code: 'BANK', name: 'Bank transfer', kind: 'bank' as const, network: null, address: null, addressOmni: null, addressErc: null, bank: d.bank, sortOrder: 4 },
  ];
}

const DEPOSIT_VARIABLES = ['USDT_TRC20_ADDRESS', 'USDT_ERC20_ADDRESS', 'BTC_ADDRESS', 'ETH_ADDRESS', 'BANK_HOLDER', 'BANK_IBAN', 'BANK_BIC', 'BANK_NAME'];

async function seedCoins(db: Db, config: Config): Promise<void> {
  const overwrite = DEPOSIT_VARIABLES.some((name) => config.explicit.has(name));
  for (const row of coinRows(config)) {
    const insert = db.insert(coins).values(row);
    if (overwrite) {
      const { code: _code, sortOrder: _sort, ...addresses } = row;
      await insert.onConflictDoUpdate({ target: coins.code, set: addresses });
    } else {
      await insert.onConflictDoNothing();
    }
  }
}

async function seedDemoAccounts(db: Db, payPasswords: PayPasswords): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await rowsOf<{ id: string }>(db, sql`SELECT id FROM users WHERE lower(username) = lower(${demo.username})`);
    if (existing.length > 0) continue;
    const passwordHash = await hashPassword(demo.password);
    const payPasswordHash = payPasswords.hash(demo.payPassword);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          email: demo.email,
          phone: demo.phone,
          passwordHash,
          payPasswordHash,
          inviteCode: newInviteCode(),
          nickname: { demo: 'Demo User', merchant: 'Demo Merchant', trader: 'Demo Trader' }[demo.username] ?? demo.username,
          isMerchant: demo.role === 'merchant',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // Another process seeding at the same moment got there first.
      if (user) await openUserAccounts(tx, user.id);
    });
  }
}

export interface SeedOptions {
  /** Create the demo users and operator; by default config.seedDemo decides. */
  demo?: boolean;
}

/**
 * Returns whether the demo data was seeded (the start banner prints its credentials only then).
 * `secrets` are the installation's (security/secrets.ts): the demo payment passwords are keyed
 * with its pepper, the demo operator's authenticator secret sealed with its key.
 */
export async function seed(db: Db, config: Config, secrets: Secrets, { demo = config.seedDemo }: SeedOptions = {}): Promise<{ demo: boolean }> {
  await seedCoins(db, config);
  await writeSetting(db, SETTING_KEYS.supportUrl, config.supportUrl, config.explicit.has('SUPPORT_URL'));
  await writeSetting(db, SETTING_KEYS.usdtEurRate, config.usdtEurRate, config.explicit.has('USDT_EUR_RATE'));
  // About, help, company profile, platform intro and the tutorials, where missing (operators' edits stay).
  await seedContent(db, new Date());
  if (!demo) return { demo: false };
  await seedDemoAccounts(db, createPayPasswords(secrets.codePepper));
  await seedDemoHall(db);
  // The operator side's demo admin (server/modules/ops/demo.ts): a published credential.
  await seedDemoOperator(db, createSealer(secrets.secretsKey));
  return { demo: true };
}
