/**
 * A phone number field: the area-code button (flag and +code, opens the picker) and the
 * national number. The caller gets the number in E.164 form (what the API takes) via toE164.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { parsePhoneNumberFromString, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ChevronDownIcon } from '../../../app/moreIcons';
import { TextField } from '../TextField';
import { areaCountryAtom } from './areaCountry';
import { flagOf } from './countries';

// The picker (Konsta's Popup, Navbar and Searchbar, and the country list) is loaded with the first
// tap on the area code, not with the form: the login screen is a first screen, and Konsta's
// components build tailwind-merge's whole class table on their first render.
const AreaCodePicker = lazy(() => import('./AreaCodePicker').then(({ AreaCodePicker }) => ({ default: AreaCodePicker })));

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

export interface PhoneFieldProps {
  label: string;
  value: string;
  onChange(national: string): void;
  error?: string | null;
  trailing?: React.ReactNode;
  autoComplete?: string;
}

export function PhoneField({ label, value, onChange, error, trailing, autoComplete = 'tel-national' }: PhoneFieldProps) {
  const { t } = useLingui();
  const [country, setCountry] = useAtom(areaCountryAtom);
  const [picking, setPicking] = useState(false);
  // Once opened, the picker stays mounted (its closing transition, its search).
  const [everPicked, setEverPicked] = useState(false);
  if (picking && !everPicked) setEverPicked(true);
  const closePicker = useCallback(() => setPicking(false), []);
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        placeholder={t`Phone number`}
        ltr
        leading={
          <button
            type="button"
            onClick={() => setPicking(true)}
            aria-label={t`Country code +${getCountryCallingCode(country)}, change`}
            className="-ms-1 flex shrink-0 items-center gap-1 rounded-lg py-1.5 ps-1 pe-1.5 text-ink tabular-nums hover:bg-canvas"
          >
            <span className="text-xl leading-none" aria-hidden="true">{flagOf(country)}</span>
            <span className="text-base">+{getCountryCallingCode(country)}</span>
            <ChevronDownIcon size={16} className="text-muted" />
          </button>
        }
        trailing={trailing}
      />
      {everPicked ? (
        <Suspense fallback={null}>
          <AreaCodePicker opened={picking} selected={country} onSelect={setCountry} onClose={closePicker} />
        </Suspense>
      ) : null}
    </>
  );
}
