/**
 * What went wrong when the browser made or used a passkey (navigator.credentials, through
 * @simplewebauthn/browser), said as one of the catalogue's keys: the sign-in (features/auth) and
 * the passkeys screen (features/security) tell it the same way. The server's own refusals arrive
 * as ApiError and are told by the API client.
 */
import type { ErrorKey } from '../../domain/errors';

/** Whether this browser has WebAuthn at all (a passkey button is shown only then). */
export function browserHasPasskeys(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function' && typeof globalThis.navigator?.credentials?.get === 'function';
}

/** The catalogue key of a browser's failure to make or use a passkey. */
export function passkeyProblem(error: unknown): ErrorKey {
  const { name = '', code = '' } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'passkey.onThisDevice';
  if (code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' || code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') return 'passkey.deviceUnfit';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') return 'passkey.wrongAddress';
  // Cancelled by the person, timed out, or another request started: nothing happened.
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') return 'passkey.cancelled';
  if (name === 'NotSupportedError' || !browserHasPasskeys()) return 'passkey.unsupported';
  return 'passkey.failed';
}
