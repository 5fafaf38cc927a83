/**
 * The news (/news): the announcements, newest first, each with its date and the start of its
 * text; a piece not yet in the reader's language is shown in English and says so. More load at
 * the end of the list. Offline, the copy kept on the device is shown with its time.
 */
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { newsPagesQuery } from './api/queries';
import { asOfTime, failureText } from '../../api/query';
import { EmptyState } from '../../ui/EmptyState';
import { MegaphoneIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { localeAtom } from '../../i18n';
import { AsOfLine } from '../../ui/AsOf';
import { EnglishNote, NewsDate } from '../shared/Article';
import { Loading } from '../../ui/QueryStates';
import { LoadFailed } from '../shared/records';
import { ListFoot } from '../../ui/ListEnd';

export default function NewsListScreen() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const news = useInfiniteQuery(newsPagesQuery(locale));
  const items = news.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Screen>
      <div className="space-y-3 px-4 pt-2 pb-8">
        <AsOfLine time={asOfTime(news)} />
        {news.isPending && news.fetchStatus !== 'idle' ? (
          <Loading />
        ) : news.error && !news.data ? (
          <LoadFailed icon={<MegaphoneIcon size={36} />} text={failureText(news.error) ?? ''} onRetry={() => void news.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={<MegaphoneIcon size={36} />} title={t`No announcements right now.`} text={t`News from Tessera appears here as soon as it is published.`} />
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.id}>
                <Link to="/news/detail" search={{ id: item.id }} className="block rounded-3xl bg-surface p-4 active:bg-sea-50">
                  <article aria-labelledby={`news-${item.id}`}>
                    {/* An English piece on an Arabic screen reads left to right: each text takes its own direction. */}
                    <h2 id={`news-${item.id}`} lang={item.locale} dir="auto" className="text-base font-semibold text-ink">
                      {item.title}
                    </h2>
                    <p className="mt-1 text-xs text-muted">
                      <NewsDate item={item} />
                    </p>
                    <p lang={item.locale} dir="auto" className="mt-2 text-sm leading-relaxed text-muted">
                      {item.summary}
                    </p>
                    {item.fallback ? (
                      <p className="mt-2">
                        <EnglishNote />
                      </p>
                    ) : null}
                  </article>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <ListFoot more={news.hasNextPage} loading={news.isFetchingNextPage} onMore={() => void news.fetchNextPage()} /> : null}
      </div>
    </Screen>
  );
}
