/** The authenticator app's calls (docs/api.md, "Security"; docs/security.md, "The second factor"). */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import type { secondFactorOnlySchema, totpBeginSchema, totpConfirmSchema } from '../../../domain/validation';
import type { RecoveryCodesReply, TotpSecret } from '../../../domain/wire';

/** Setup, step 1: the login password; answers a new secret, kept pending until a first code confirms it. */
export const beginTotp = send<z.input<typeof totpBeginSchema>, TotpSecret>('POST', '/safe/totp/begin');
/** Setup, step 2: a first code turns it on (a security change); answers the ten recovery codes. */
export const confirmTotp = send<z.input<typeof totpConfirmSchema>, RecoveryCodesReply>('POST', '/safe/totp/confirm');
/** Off with a current code or a recovery code (a security change); the recovery codes end too. */
export const turnOffTotp = send<z.input<typeof secondFactorOnlySchema>, null>('POST', '/safe/totp/off');
/** Ten new recovery codes for a current code; the old ones stop working. */
export const renewRecoveryCodes = send<z.input<typeof secondFactorOnlySchema>, RecoveryCodesReply>('POST', '/safe/recovery-codes');
