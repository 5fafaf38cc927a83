/**
 * Signing in and out: the token is stored, then the profile and balances are fetched;
 * on logout the server revokes the token first, then the device forgets the session.
 */
import { endSession, saveToken } from '../storage/session';
import type { LoginReply, SessionReply } from '../domain/wire';
import type { SecondFactorProof } from '../domain/validation';
import { login, loginSecondFactor, logout, passkeyLogin, type LoginInput, type PasskeyLoginInput } from './calls';
import { cancelAll, type RequestOptions } from './client';
import { clientHandlers } from './handlers';
import { forgetPushDevice } from './push';
import { loadAccount } from './queries';

/** A password right for an account with a second factor: the ticket for the second step. */
export type SecondFactorTicket = Extract<LoginReply, { secondFactor: unknown }>['secondFactor'];

/** Signs in, or answers the ticket when the account asks for its second factor (finishSignIn). */
export async function signIn(input: LoginInput, options?: RequestOptions): Promise<SecondFactorTicket | null> {
  const reply = await login(input, options);
  if ('secondFactor' in reply) return reply.secondFactor;
  await startSession(reply);
  return null;
}

/** @public The second step: the ticket and a code of the authenticator app or a recovery code. */
export async function finishSignIn(ticket: string, secondFactor: SecondFactorProof, options?: RequestOptions): Promise<void> {
  await startSession(await loginSecondFactor({ ticket, secondFactor }, options));
}

/** Signs in with a passkey's answer to a sign-in challenge (the passkey alone: no account, no password). */
export async function signInWithPasskey(response: PasskeyLoginInput['response'], options?: RequestOptions): Promise<void> {
  await startSession(await passkeyLogin({ response }, options));
}

async function startSession({ token, expiresAt }: SessionReply): Promise<void> {
  await saveToken(token, expiresAt);
  await loadAccount();
}

/**
 * Logs out even when the server cannot be reached: the device must not keep a session the user
 * asked to end. The realtime socket stays: market data is the same for everyone.
 */
export async function signOut(): Promise<void> {
  // While the session is still valid: this device stops receiving the user's notifications.
  await forgetPushDevice();
  try {
    await logout({ quiet: true });
  } catch {
    // Offline or already revoked: the token is dropped below and expires on the server.
  }
  // Answers still on the way belong to the old session and must not land in the new state.
  cancelAll();
  await endSession();
  clientHandlers().sessionEnded('logout');
  clientHandlers().navigate('/auth/login');
}
