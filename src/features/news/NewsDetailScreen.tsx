/**
 * One piece of news (/news/detail?id=): its title, date and whole text, paragraph by paragraph
 * (plain text: nothing of it is read as markup), and the note when it is shown in English.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { ApiError } from '../../api/errors';
import { newsDetailQuery } from '../../api/news';
import { asOfTime, failureText } from '../../api/query';
import { EmptyState } from '../../app/EmptyState';
import { MegaphoneIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import { localeAtom } from '../../i18n';
import { AsOfLine } from '../shared/AsOf';
import { EnglishNote, NewsDate } from './parts';

export default function NewsDetailScreen() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const { id: idText } = useSearch({ from: '/news/detail' });
  const id = Number(idText);
  const valid = Number.isSafeInteger(id) && id > 0;
  const news = useQuery({ ...newsDetailQuery(locale, valid ? id : 0), enabled: valid });
  // Withdrawn since it was kept on the device: what the server says now wins over the copy.
  const gone = !valid || (news.error instanceof ApiError && news.error.key === 'news.notFound');
  const piece = gone ? undefined : news.data;
  return (
    <Screen>
      <div className="px-4 pt-2 pb-8">
        <AsOfLine time={asOfTime(news)} />
        {valid && news.isPending && news.fetchStatus !== 'idle' ? (
          <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
            <Preloader />
          </div>
        ) : piece ? (
          <article aria-labelledby="news-title" className="rounded-3xl bg-surface p-5">
            <h2 id="news-title" lang={piece.locale} dir="auto" className="text-xl font-semibold text-ink">
              {piece.title}
            </h2>
            <p className="mt-1 text-sm text-muted">
              <NewsDate item={piece} />
            </p>
            {piece.fallback ? (
              <p className="mt-3">
                <EnglishNote />
              </p>
            ) : null}
            <div className="mt-4 space-y-3 text-base leading-relaxed text-ink" lang={piece.locale}>
              {piece.body.split(/\n\s*\n/).map((paragraph, index) => (
                <p key={index} dir="auto" className="whitespace-pre-line">
                  {paragraph.trim()}
                </p>
              ))}
            </div>
          </article>
        ) : news.error && !gone ? (
          <p role="alert" className="rounded-2xl bg-rose-50 px-4 py-3 text-sm text-rose-900">
            {failureText(news.error)}
          </p>
        ) : (
          <EmptyState icon={<MegaphoneIcon size={36} />} title={t`This news is no longer available.`} />
        )}
      </div>
    </Screen>
  );
}
