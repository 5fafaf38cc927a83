/**
 * The countries of the area-code picker: every country libphonenumber-js can validate
 * (callingCodes.ts), named in the UI language.
 */
import type { CountryCode } from 'libphonenumber-js/min';
import type { Locale } from '../../../domain/locales';
import { callingCodeOf, COUNTRY_CODES, isCountryCode } from './callingCodes';

export interface Country {
  code: CountryCode;
  callingCode: string;
  name: string;
  flag: string;
}

/** The flag emoji of an ISO 3166 code: two regional-indicator letters. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

function displayNames(locale: Locale): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    return null; // an engine without DisplayNames for this language: ISO codes instead
  }
}

const cache = new Map<Locale, Country[]>();

/** All countries, sorted by their name in `locale`. */
export function countriesFor(locale: Locale): Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = displayNames(locale);
  const collator = new Intl.Collator(locale);
  const list = COUNTRY_CODES.map((code) => ({ code, callingCode: callingCodeOf(code), name: names?.of(code) ?? code, flag: flagOf(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, list);
  return list;
}

/** Lower case without accents, so "Osterreich" finds "Österreich". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Countries whose name, ISO code or dialling code matches what was typed ("ger", "+49", "49"). */
export function searchCountries(list: readonly Country[], query: string): Country[] {
  const wanted = fold(query.trim());
  if (!wanted) return [...list];
  const digits = wanted.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return list.filter((country) => country.callingCode.startsWith(digits));
  return list.filter((country) => fold(country.name).includes(wanted) || country.code.toLowerCase() === wanted);
}

/** Where a phone number is from when the user has not chosen: the browser's region, else by language. */
const REGION_BY_LOCALE: Record<Locale, CountryCode> = {
  en: 'GB', zh: 'CN', de: 'DE', es: 'ES', it: 'IT', pt: 'PT', tzm: 'MA', ar: 'AE', nl: 'NL', he: 'IL',
};

export function defaultCountry(locale: Locale, browserTags: readonly string[]): CountryCode {
  for (const tag of browserTags) {
    const region = tag.split(/[-_]/)[1]?.toUpperCase();
    if (region && isCountryCode(region)) return region;
  }
  return REGION_BY_LOCALE[locale];
}
