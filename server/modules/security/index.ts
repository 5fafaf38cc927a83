/** The security module's public surface. Passkeys: the routes, and the service (app.services.passkeys, whose verifyFor is the step-up's check). */
export { createSecondFactor, type SecondFactor } from './second-factor';
export { createSecurityChanges, type RecordedChange, type SecurityChanges } from './changes';
export { createLoginTickets, type LoginTickets } from './login-tickets';
export { securityModule } from './routes';
export { createAlerts, withAntiPhishing, type Alerts } from './alerts';
export { securityOpsModule } from './ops-routes';
export { createSecurityCentre } from './centre';
export { passkeysModule } from './passkey-routes';
export { createPasskeys, relyingPartyOf } from './passkeys';
