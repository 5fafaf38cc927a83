/**
 * Phone numbers between what people type and what the API takes (E.164), with libphonenumber's
 * metadata: loaded by the forms that check or send a number, not by the phone field itself.
 */
import { parsePhoneNumberFromString, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/**
 * The E.164 form of a national number in a country ("0151 1234567", DE → "+491511234567").
 * A number libphonenumber cannot read is still passed on as +code digits, so the shared
 * phone rule can say what is wrong with it.
 */
export function toE164(national: string, country: CountryCode): string {
  const digits = national.replace(/[^\d+]/g, '');
  if (!digits) return '';
  const parsed = parsePhoneNumberFromString(digits, country);
  if (parsed) return parsed.number;
  return `+${getCountryCallingCode(country)}${digits.replace(/^\+/, '').replace(/^0+/, '')}`;
}

/** Splits an E.164 number back into country and national number (to prefill a form). */
export function fromE164(e164: string): { country: CountryCode; national: string } | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.country) return null;
  return { country: parsed.country, national: parsed.nationalNumber };
}
