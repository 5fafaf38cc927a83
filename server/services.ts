/** The services of one running app, built once from its dependencies and shared by the routes. */
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../src/domain/constants';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { createAccounts } from './modules/auth/service';
import { createLockout } from './modules/auth/lockout';
import { createSessions } from './modules/auth/sessions';
import { createCodes } from './modules/codes/service';
import type { Mailer } from './modules/mailer/mailer';
import type { SmsProvider } from './modules/sms/provider';
import { createProfiles } from './modules/user/service';
import { AvatarStore } from './modules/user/avatar-store';
import { createIdempotency } from './http/idempotency';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  codePepper: string;
  mailer: Mailer;
  sms: SmsProvider;
}

export function createServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { db, clock, config } = deps;
  const sessions = createSessions(db, clock, config.sessionTtlHours);
  const codes = createCodes({ db, clock, pepper: deps.codePepper, mailer: deps.mailer, sms: deps.sms, log });
  const loginLockout = createLockout(db, clock, { table: 'login_failures', keyColumn: 'login_key' }, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
  const payLockout = createLockout(db, clock, { table: 'pay_password_failures', keyColumn: 'user_id' }, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
  return {
    sessions,
    codes,
    accounts: createAccounts({ db, clock, codes, sessions, loginLockout, payLockout }),
    profiles: createProfiles(db),
    avatars: new AvatarStore(path.join(config.uploadsDir, 'avatars')),
    idempotency: createIdempotency(db, clock),
  };
}

export type Services = ReturnType<typeof createServices>;
