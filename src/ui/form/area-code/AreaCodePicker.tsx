/**
 * The area-code picker: a full-height sheet listing every country with its flag and
 * dialling code, searchable by name in the current language or by code. PhoneField loads and
 * mounts it with the first tap on the area code; it opens a frame after mounting, so that it slides
 * in as it does every later time.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { List, ListItem, Navbar, Page, Popup, Searchbar } from 'konsta/react';
import type { CountryCode } from 'libphonenumber-js/min';
import { memo, useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { CheckIcon } from '../../icons';
import { localeAtom } from '../../../i18n';
import { countriesFor, searchCountries, type Country } from './countries';
import { useOverlay } from '../../overlays';
import { TITLE } from '../../title';

export interface AreaCodePickerProps {
  opened: boolean;
  selected: CountryCode;
  onSelect(country: CountryCode): void;
  onClose(): void;
}

export function AreaCodePicker({ opened: wanted, selected, onSelect, onClose }: AreaCodePickerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const opened = wanted && mounted;
  const modal = useOverlay(opened);
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const [query, setQuery] = useState('');
  // The 240-odd rows (and their names in the current language) are built the first time the
  // picker opens, not with the form behind it.
  const [everOpened, setEverOpened] = useState(opened);
  if (opened && !everOpened) setEverOpened(true);
  const countries = useMemo(() => (everOpened ? countriesFor(locale) : []), [locale, everOpened]);
  const shown = useMemo(() => searchCountries(countries, query), [countries, query]);
  const pick = useCallback(
    (code: CountryCode) => {
      onSelect(code);
      setQuery('');
      onClose();
    },
    [onSelect, onClose],
  );

  return (
    <Popup ref={modal} opened={opened} role="dialog" aria-modal={opened || undefined} onBackdropClick={onClose} aria-label={t`Choose your country`}>
      <Page colors={{ bgMaterial: 'bg-surface' }}>
        <Navbar
          title={<span className={TITLE}>{t`Choose your country`}</span>}
          colors={{ bgMaterial: 'bg-surface' }}
          right={
            <button type="button" onClick={onClose} className="px-3 py-2 text-sm font-medium text-sea-700">
              {t`Close`}
            </button>
          }
          subnavbar={
            <Searchbar
              value={query}
              onInput={(event: { target: HTMLInputElement }) => setQuery(event.target.value)}
              onClear={() => setQuery('')}
              placeholder={t`Country or code`}
              clearButton
              inputStyle={{ fontSize: '16px' }}
            />
          }
        />
        {!everOpened ? null : shown.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-muted">{t`No country matches “${query}”.`}</p>
        ) : (
          <CountryList countries={shown} selected={selected} onPick={pick} />
        )}
      </Page>
    </Popup>
  );
}

/**
 * The countries, some 240 rows: kept out of the form's re-renders (each keystroke in the phone
 * field re-renders the field and this closed picker with it) unless the list or the choice changes.
 */
const CountryList = memo(function CountryList({
  countries,
  selected,
  onPick,
}: {
  countries: readonly Country[];
  selected: CountryCode;
  onPick(code: CountryCode): void;
}) {
  return (
    <List dividers className="my-0!">
      {countries.map((country) => (
        <ListItem
          key={country.code}
          link
          chevron={false}
          onClick={() => onPick(country.code)}
          media={<span className="text-2xl leading-none" aria-hidden="true">{country.flag}</span>}
          title={country.name}
          after={
            <span className="flex items-center gap-2 text-ink tabular-nums" dir="ltr">
              +{country.callingCode}
              {country.code === selected ? <CheckIcon size={18} className="text-sea-700" /> : null}
            </span>
          }
          // A choice, not a page: a button for assistive technology and the keyboard.
          linkProps={{
            role: 'button',
            tabIndex: 0,
            'aria-current': country.code === selected ? 'true' : undefined,
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              onPick(country.code);
            },
          }}
        />
      ))}
    </List>
  );
});
