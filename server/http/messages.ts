/** Turns a catalogue key into the text of the request's language, filling the known limits. */
import {
  CODE_RESEND_SECONDS,
  LOGIN_LOCK_MINUTES,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../src/domain/constants';
import type { ErrorKey, MessageParams } from '../../src/domain/errors';
import { PASSKEY_NAME_MAX_LENGTH, PASSKEYS_MAX } from '../../src/domain/passkeys';
import type { Locale } from '../../src/domain/locales';
import { errorText } from '../../src/locales/errors';

/**
 * Placeholders whose value is a constant of the product. The shared schemas do not always attach
 * them to the issue (nickname.invalid has none), and a "{max}" must never reach a person.
 */
const CONSTANT_PARAMS: Partial<Record<ErrorKey, MessageParams>> = {
  'password.tooShort': { min: PASSWORD_MIN_LENGTH },
  'password.tooLong': { max: PASSWORD_MAX_LENGTH },
  'username.length': { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH },
  'nickname.invalid': { max: NICKNAME_MAX_LENGTH },
  'passkey.nameInvalid': { max: PASSKEY_NAME_MAX_LENGTH },
  'passkey.tooMany': { max: PASSKEYS_MAX },
  'login.locked': { minutes: LOGIN_LOCK_MINUTES },
  'payPassword.locked': { minutes: LOGIN_LOCK_MINUTES },
  'code.resendWait': { seconds: CODE_RESEND_SECONDS },
};

export function messageFor(locale: Locale, key: ErrorKey, params?: MessageParams): string {
  return errorText(locale, key, { ...CONSTANT_PARAMS[key], ...params });
}
