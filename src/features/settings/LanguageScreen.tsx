/**
 * Language (open to visitors too): the ten languages, each named in itself. The choice applies at
 * once and is remembered on the device; for a signed-in user the server is told too, so its
 * e-mails and SMS use it.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { setLanguage } from './api/calls';
import { CheckIcon } from '../../ui/icons';
import { Row, RowGroup } from '../../ui/Rows';
import { Screen } from '../../ui/Screen';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../domain/locales';
import { activateLocale, localeAtom } from '../../i18n';
import { tokenAtom } from '../../storage/session';

export default function LanguageScreen() {
  const { t } = useLingui();
  const current = useAtomValue(localeAtom);
  const token = useAtomValue(tokenAtom);

  async function choose(locale: Locale) {
    if (locale === current) return;
    await activateLocale(locale);
    if (token) await setLanguage(locale).catch(() => undefined); // the client has shown why
  }

  return (
    <Screen>
      <div role="radiogroup" aria-label={t`Language`} className="pt-2">
        <RowGroup>
          {LOCALES.map((locale) => (
            <Row
              key={locale}
              label={<span lang={locale} dir="auto">{LOCALE_NAMES[locale]}</span>}
              value={locale === current ? <CheckIcon size={20} className="text-sea-700" /> : null}
              chevron={false}
              role="radio"
              aria-checked={locale === current}
              onClick={() => void choose(locale)}
            />
          ))}
        </RowGroup>
      </div>
    </Screen>
  );
}
