/**
 * A phone number field: the area-code button (flag and +code, opens the picker) and the
 * national number. The caller gets the number in E.164 form (what the API takes) via toE164
 * (e164.ts, which loads libphonenumber's metadata: this field does not need it to be drawn).
 */
import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ChevronDownIcon } from '../../moreIcons';
import { TextField } from '../TextField';
import { areaCountryAtom } from './areaCountry';
import { callingCodeOf } from './callingCodes';
import { flagOf } from './countries';

// The picker (Konsta's Popup, Navbar and Searchbar, and the country list) is loaded with the first
// tap on the area code, not with the form: the login screen is a first screen, and Konsta's
// components build tailwind-merge's whole class table on their first render.
const AreaCodePicker = lazy(() => import('./AreaCodePicker').then(({ AreaCodePicker }) => ({ default: AreaCodePicker })));

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
        ltr="whole"
        leading={
          <button
            type="button"
            onClick={() => setPicking(true)}
            aria-label={t`Country code +${callingCodeOf(country)}, change`}
            className="-my-1 -ms-1 flex min-h-11 shrink-0 items-center gap-1 rounded-lg ps-1 pe-1.5 text-ink tabular-nums hover:bg-canvas"
          >
            <span className="text-xl leading-none" aria-hidden="true">{flagOf(country)}</span>
            <span className="text-base">+{callingCodeOf(country)}</span>
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
