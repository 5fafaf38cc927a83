/** The auth module's public surface: the plugin, accounts, sessions and the lockout other modules count failures with. */
export { authModule } from './routes';
export { createAccounts,  } from './service';
export { createSessions, type Sessions, type Viewer } from './sessions';
export { createSessionCache, SESSIONS_ENDED, type SessionCache } from './session-cache';
export { createLockout, refusalOf, type Lockout, type TryOutcome } from './lockout';
export { authOpsModule } from './ops-routes';
export { userLocksOf, type UserLocks } from './user-desk';
export { newInviteCode } from './invite-codes';
