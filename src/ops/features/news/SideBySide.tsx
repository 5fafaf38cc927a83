/**
 * A piece's languages side by side (news and the content pages): the English on the left, read
 * only; the language being written on the right, with the languages still missing marked; below,
 * the chosen language as the app shows it. Saving is the caller's (news: at once; content pages:
 * with a reason); without `onSave` (an operator whose role may not change it) the texts are read
 * only and nothing offers to save.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FALLBACK_LOCALE, isRtl, LOCALE_NAMES, LOCALES, type Locale } from '../../../domain/locales';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from '../../../domain/news';
import { Button, Card, Notice, TextArea, TextInput } from '../../ui/kit';
import { PhonePreview } from './PhonePreview';

export interface PieceText {
  locale: string;
  title: string;
  body: string;
}

export function SideBySide({ texts, busy, onSave, note }: { texts: readonly PieceText[]; busy: boolean; onSave?: (text: PieceText) => Promise<unknown>; note?: (locale: Locale) => string | null }) {
  const { t } = useLingui();
  const written = new Map(texts.map((text) => [text.locale, text]));
  const missing = LOCALES.filter((locale) => !written.has(locale));
  const [locale, setLocale] = useState<Locale>(() => missing.find((entry) => entry !== FALLBACK_LOCALE) ?? LOCALES.find((entry) => entry !== FALLBACK_LOCALE)!);
  const english = written.get(FALLBACK_LOCALE);
  const current = written.get(locale);
  const [draft, setDraft] = useState({ locale: locale as string, title: current?.title ?? '', body: current?.body ?? '' });
  // Another language chosen (or the saved text came back): the fields show that language's text.
  const shown = draft.locale === locale ? draft : { locale, title: current?.title ?? '', body: current?.body ?? '' };
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = shown.title !== (current?.title ?? '') || shown.body !== (current?.body ?? '');
  const dir = isRtl(locale) ? 'rtl' : 'ltr';

  const choose = (next: Locale) => {
    setLocale(next);
    setDraft({ locale: next, title: written.get(next)?.title ?? '', body: written.get(next)?.body ?? '' });
    setError(null);
    setSaved(false);
  };
  const save = async () => {
    if (!onSave) return;
    setError(null);
    setSaved(false);
    try {
      await onSave(shown);
      setSaved(true);
    } catch (refusal) {
      setError(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t`Languages`} className="flex flex-wrap items-center gap-2">
        {LOCALES.map((entry) => (
          <button
            key={entry}
            type="button"
            onClick={() => choose(entry)}
            aria-pressed={entry === locale}
            className={`rounded-full px-3 py-1 text-sm ring-1 ${entry === locale ? 'bg-teal-700 text-white ring-teal-700' : written.has(entry) ? 'bg-white text-slate-800 ring-slate-300' : 'bg-amber-50 text-amber-900 ring-amber-300'}`}
          >
            {LOCALE_NAMES[entry]}
            {written.has(entry) ? '' : ` · ${t`missing`}`}
          </button>
        ))}
      </nav>
      {missing.length > 0 ? (
        <p className="text-sm text-slate-600">{t`Still missing: ${missing.map((entry) => LOCALE_NAMES[entry]).join(', ')}. A reader of a missing language gets the English.`}</p>
      ) : (
        <p className="text-sm text-slate-600">{t`Written in all ten languages.`}</p>
      )}
      <div className="grid grid-cols-2 gap-4 max-lg:grid-cols-1">
        <Card title={t`English (the original, read only)`}>
          {english ? (
            <div lang="en" className="flex flex-col gap-3">
              <p className="font-semibold">{english.title}</p>
              <p className="max-h-[28rem] overflow-auto text-sm whitespace-pre-line text-slate-800">{english.body}</p>
            </div>
          ) : (
            <Notice tone="info">{t`No English yet: write it first (choose English).`}</Notice>
          )}
        </Card>
        <Card title={<><bdi lang={locale}>{LOCALE_NAMES[locale]}</bdi>{current ? '' : ` (${t`missing`})`}</>}>
          <div className="flex flex-col gap-3">
            <TextInput label={t`Title`} value={shown.title} maxLength={NEWS_TITLE_MAX} lang={locale} dir={dir} readOnly={!onSave} onChange={(title) => setDraft({ ...shown, title })} />
            <TextArea label={t`Text`} value={shown.body} rows={14} maxLength={NEWS_BODY_MAX} lang={locale} dir={dir} readOnly={!onSave} onChange={(body) => setDraft({ ...shown, body })} hint={t`Paragraphs are separated by a blank line; a first line ending with "?" is a question with its answer below; [Convert](/transfer) links a screen of the app.`} />
            {note?.(locale) ? <p className="text-xs text-slate-600">{note(locale)}</p> : null}
            {error ? <Notice>{error}</Notice> : null}
            {saved && !changed ? <Notice tone="success">{t`Saved. The app shows it from now on.`}</Notice> : null}
            {onSave ? (
              <div>
                <Button tone="primary" busy={busy} disabled={!changed || !shown.title.trim() || !shown.body.trim()} onClick={() => void save()}>
                  {t`Save`} <bdi>{LOCALE_NAMES[locale]}</bdi>
                </Button>
              </div>
            ) : null}
          </div>
        </Card>
      </div>
      <Card title={t`Preview as the app shows it`}>
        <PhonePreview locale={locale} title={shown.title || english?.title || ''} body={shown.body || english?.body || ''} caption={<><bdi>{LOCALE_NAMES[locale]}</bdi> · {t`390 px wide`}</>} />
      </Card>
    </div>
  );
}
