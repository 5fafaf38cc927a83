import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { callingCodeOf, COUNTRY_CODES, isCountryCode } from '../../../src/ui/form/area-code/callingCodes';

describe('the calling codes the phone field shows without libphonenumber', () => {
  it('name every country libphonenumber validates, and no other', () => {
    expect([...COUNTRY_CODES].sort()).toEqual([...getCountries()].sort());
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
  });

  it('give each country the calling code libphonenumber gives it', () => {
    const differing = getCountries().filter((country) => callingCodeOf(country) !== getCountryCallingCode(country));
    expect(differing).toEqual([]);
    expect(callingCodeOf('DE')).toBe('49');
    expect(callingCodeOf('CA')).toBe('1');
  });
});
