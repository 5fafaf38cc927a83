/** The security module's public surface: passkeys (the routes, and the service: app.services.passkeys, whose verifyFor is the step-up's check). */
export { passkeysModule } from './passkey-routes';
export { createPasskeys, relyingPartyOf } from './passkeys';
