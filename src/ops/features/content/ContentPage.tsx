/**
 * The app's content pages (about, help centre, company, platform introduction, tutorials): pick a
 * page, then its languages side by side with the English and the preview; an admin saves one
 * language with a reason (audited), and the app shows it at once.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { LOCALE_NAMES, type Locale } from '../../../domain/locales';
import { useDecision } from '../../api/decision';
import { roleAllows } from '../../../domain/operators';
import { sessionQuery } from '../../api/session';
import { dateTime } from '../../ui/format';
import { Notice, Page, Spinner } from '../../ui/kit';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { SideBySide, type PieceText } from '../news/SideBySide';
import { changeContent, contentQuery } from './api';

export function ContentPage() {
  const { t, i18n } = useLingui();
  const { page: chosen } = useSearch({ from: '/desk/content' });
  const navigate = useNavigate({ from: '/content' });
  const read = useQuery(contentQuery);
  const role = useQuery(sessionQuery).data?.operator.role;
  const admin = role !== undefined && roleAllows(role, 'admin');
  const change = useDecision(changeContent);
  const [pending, setPending] = useState<{ text: PieceText; done: (value: unknown) => void; fail: (error: unknown) => void } | null>(null);
  const names: Record<string, string> = {
    about: t`About us`,
    help: t`Help centre`,
    company: t`Company profile`,
    intro: t`Platform introduction`,
  };
  const nameOf = (piece: string, title: string) => names[piece] ?? t`Tutorial: ${title}`;

  if (read.isPending) return <Spinner label={t`Loading the content pages…`} />;
  if (read.error) return <Page title={t`Content pages`}><Notice>{read.error.message}</Notice></Page>;
  const pages = read.data.pages;
  const page = pages.find((entry) => entry.id === chosen) ?? pages[0];
  // A tutorial is named by its title in the console's language where it has one, else in English.
  const titleOf = (entry: (typeof pages)[number]) => (entry.texts.find((text) => text.locale === i18n.locale) ?? entry.texts.find((text) => text.locale === 'en'))?.title ?? '';

  return (
    <Page title={t`Content pages`} subtitle={admin ? t`The app's own pages, in every language. Each change needs a reason and is in the audit log.` : t`The app's own pages, in every language. Only an admin can change them.`}>
      <nav aria-label={t`Pages`} className="flex flex-wrap gap-2">
        {pages.map((entry) => (
          <button
            key={entry.id}
            type="button"
            aria-pressed={entry.id === page?.id}
            onClick={() => void navigate({ search: { page: entry.id } })}
            className={`rounded-md px-3 py-1.5 text-sm ring-1 ${entry.id === page?.id ? 'bg-teal-700 text-white ring-teal-700' : 'bg-white text-slate-800 ring-slate-300'}`}
          >
            {nameOf(entry.piece, titleOf(entry))} · {t`${entry.texts.length} of 10`}
          </button>
        ))}
      </nav>
      {page ? (
        <SideBySide
          key={page.id}
          texts={page.texts}
          busy={change.isPending}
          onSave={admin ? (text) => new Promise((done, fail) => setPending({ text, done, fail })) : undefined}
          note={(locale: Locale) => {
            const text = page.texts.find((entry) => entry.locale === locale);
            if (!text) return null;
            return text.changedBy ? t`Last changed by ${text.changedBy} on ${dateTime(text.updatedAt)}.` : t`As shipped with the app (${dateTime(text.updatedAt)}).`;
          }}
        />
      ) : null}
      {pending && page ? (
        <ReasonDialog
          title={t`Change the ${LOCALE_NAMES[pending.text.locale as Locale]} text of “${nameOf(page.piece, titleOf(page))}”?`}
          confirm={t`Save the change`}
          busy={change.isPending}
          onConfirm={async (reason) => {
            await change.mutateAsync({ id: page.id, locale: pending.text.locale as Locale, title: pending.text.title, body: pending.text.body, reason });
            pending.done(undefined);
          }}
          onClose={() => {
            pending.fail(new Error(t`Not saved.`));
            setPending(null);
          }}
        >
          <p>{t`The app shows the new text at once to every reader of that language. Nothing is posted to the ledger; the change and its reason are written to the audit log.`}</p>
        </ReasonDialog>
      ) : null}
    </Page>
  );
}
