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
import { Article } from '../shared/Article';

export default function NewsDetailScreen() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const { id = 0 } = useSearch({ from: '/news/detail' });
  const valid = id > 0;
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
          <Article piece={piece} />
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
