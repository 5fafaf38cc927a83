/** The auth module's public surface: the plugins, accounts, sessions, sign-ins, the contact notices and the lockout other modules count failures with. */
export { authModule, signInOriginOf } from './routes';
export { devicesModule } from './devices-routes';
export { createSignIns } from './sign-ins';
export { createContactNotices } from './contact-notices';
export { createAccounts,  } from './service';
export { createSessions, type Sessions, type SignInOrigin, type Viewer } from './sessions';
export { createSessionCache, SESSIONS_ENDED, type SessionCache } from './session-cache';
export { createLockout, refusalOf, type Lockout, type TryOutcome } from './lockout';
export { authOpsModule } from './ops-routes';
export { userLocksOf, type UserLocks } from './user-desk';
export { newInviteCode } from './invite-codes';
