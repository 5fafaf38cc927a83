/**
 * The country chosen in the area-code picker, remembered on this device (not personal: it is
 * kept after logout, like the language).
 */
import { atom } from 'jotai';
import type { CountryCode } from 'libphonenumber-js/min';
import { currentLocale } from '../../../i18n';
import { isCountryCode } from './callingCodes';
import { defaultCountry } from './countries';

const STORAGE_KEY = 'areaCountry';

function remembered(): CountryCode | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return value && isCountryCode(value) ? value : null;
  } catch {
    return null;
  }
}

const chosenAtom = atom<CountryCode | null>(remembered());

export const areaCountryAtom = atom(
  (get) => get(chosenAtom) ?? defaultCountry(currentLocale(), globalThis.navigator?.languages ?? []),
  (_get, set, country: CountryCode) => {
    set(chosenAtom, country);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, country);
    } catch {
      // Not remembered across reloads; this visit still uses it.
    }
  },
);
