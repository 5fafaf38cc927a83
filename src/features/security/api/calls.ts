/** The passkey calls of the signed-in user (docs/api.md; docs/security.md, "Passkeys"). */
import type { z } from 'zod';
import { ask, send } from '../../../api/calls';
import type { passkeyRegisterSchema, passkeyRemoveSchema, passkeyRenameSchema } from '../../../domain/passkeys';
import type { Passkey, PasskeyCreationOptions } from '../../../domain/wire';

export type PasskeyRegistration = z.input<typeof passkeyRegisterSchema>;

export const passkeyList = ask<Passkey[]>('GET', '/safe/passkeys');
/** A registration challenge: what navigator.credentials.create() is given. */
export const passkeyCreationOptions = ask<PasskeyCreationOptions>('POST', '/safe/passkeys/options');
export const registerPasskey = send<PasskeyRegistration, Passkey>('POST', '/safe/passkeys/register');
export const renamePasskey = send<z.input<typeof passkeyRenameSchema>, Passkey>('POST', '/safe/passkeys/rename');
export const removePasskey = send<z.input<typeof passkeyRemoveSchema>, null>('POST', '/safe/passkeys/remove');
