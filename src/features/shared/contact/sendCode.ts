/**
 * Sends a verification code to a phone (SMS) or an e-mail address after checking the address
 * with the shared rule: sign-up and password reset (features/auth), linking a contact
 * (features/security). Resolves with the wait before another code (data.retryAfter), or with
 * the problem to show under the address field.
 */
import { sendMailCode, sendSmsCode } from '../../../api/calls';
import { sendMailSchema, sendSmsSchema, type CodePurpose } from '../../../domain/validation';
import { fieldErrors } from '../../../ui/form/fieldErrors';

/** Where a code goes: a phone number or an e-mail address. */
export type ContactMethod = 'phone' | 'email';

export type SendCodeResult = { retryAfter: number } | { field: 'phone' | 'email'; error: string };

export async function sendCode(method: ContactMethod, address: string, purpose: CodePurpose): Promise<SendCodeResult> {
  if (method === 'phone') {
    const parsed = sendSmsSchema.safeParse({ phone: address, purpose });
    if (!parsed.success) return { field: 'phone', error: fieldErrors(parsed.error, 'phone').phone ?? '' };
    return sendSmsCode(parsed.data);
  }
  const parsed = sendMailSchema.safeParse({ email: address, purpose });
  if (!parsed.success) return { field: 'email', error: fieldErrors(parsed.error, 'email').email ?? '' };
  return sendMailCode(parsed.data);
}

/**
 * The address a code went to as the form repeats it under the code field, enough to recognise
 * and not all of it (a phone is often read over a shoulder): "n…@example.org", "+49 … 5678".
 */
export function maskedAddress(method: ContactMethod, address: string, callingCode: string): string {
  if (method === 'email') {
    const at = address.lastIndexOf('@');
    return at > 0 ? `${address[0]}…${address.slice(at)}` : address;
  }
  const national = address.replace(/^\+/, '').slice(callingCode.length);
  return `+${callingCode} … ${national.slice(-4)}`;
}
