/** The security module's public surface: passkeys (the service, the step-up's check, the routes). */
export { passkeysModule } from './passkey-routes';
export { createPasskeys, relyingPartyOf, type Passkeys, type PasskeyAssertion } from './passkeys';
export { CHALLENGE_SECONDS, type ChallengePurpose } from './passkeys-challenges';
