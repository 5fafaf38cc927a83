/**
 * A content page (about us, help centre, company profile, platform introduction, a tutorial):
 * the piece of the id the route gives, in the user's language or in English with a note.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { newsDetailQuery } from '../../api/news';
import { asOfTime, failureText } from '../../api/query';
import { EmptyState } from '../../app/EmptyState';
import { BookIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import { localeAtom } from '../../i18n';
import { Article } from '../shared/Article';
import { AsOfLine } from '../shared/AsOf';

export default function ContentScreen({ id }: { id: number | null }) {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const valid = id !== null && Number.isSafeInteger(id) && id > 0;
  const page = useQuery({ ...newsDetailQuery(locale, valid ? id : 0), enabled: valid });
  return (
    <Screen>
      <div className="px-4 pt-2 pb-8">
        <AsOfLine time={asOfTime(page)} />
        {valid && page.isPending && page.fetchStatus !== 'idle' ? (
          <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
            <Preloader />
          </div>
        ) : page.data ? (
          <Article piece={page.data} dated={false} />
        ) : page.error ? (
          <p role="alert" className="rounded-2xl bg-rose-50 px-4 py-3 text-sm text-rose-900">
            {failureText(page.error)}
          </p>
        ) : (
          <EmptyState icon={<BookIcon size={36} />} title={t`This page is not available.`} />
        )}
      </div>
    </Screen>
  );
}
