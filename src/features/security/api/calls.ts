/** The passkey calls of the signed-in user (docs/api.md; docs/security.md, "Passkeys"). */
import type { z } from 'zod';
import { ask, send } from '../../../api/calls';
import type { passkeyRegisterSchema, passkeyRemoveSchema, passkeyRenameSchema } from '../../../domain/passkeys';
import type { passkeyBeginSchema } from '../../../domain/validation';
import type { Passkey, PasskeyCreationOptions } from '../../../domain/wire';

export type PasskeyRegistration = z.input<typeof passkeyRegisterSchema>;
/** Who is there, confirmed before a passkey is made: the second factor, or (where none is set) the login password. */
export type PasskeyConfirmation = z.input<typeof passkeyBeginSchema>;

export const passkeyList = ask<Passkey[]>('GET', '/safe/passkeys');
/** A registration challenge, given once who is there is confirmed: what navigator.credentials.create() is given. */
export const passkeyCreationOptions = send<PasskeyConfirmation, PasskeyCreationOptions>('POST', '/safe/passkeys/options');
export const registerPasskey = send<PasskeyRegistration, Passkey>('POST', '/safe/passkeys/register');
export const renamePasskey = send<z.input<typeof passkeyRenameSchema>, Passkey>('POST', '/safe/passkeys/rename');
export const removePasskey = send<z.input<typeof passkeyRemoveSchema>, null>('POST', '/safe/passkeys/remove');
