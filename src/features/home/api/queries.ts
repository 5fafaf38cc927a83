/** Home's own read: the latest announcements (category 4), whose titles the ticker joins. */
import { queryOptions } from '@tanstack/react-query';
import { newsList } from '../../../api/news';
import { publicKey } from '../../../api/query';
import { NEWS_CATEGORY } from '../../../domain/constants';

/** Titles the ticker joins. */
const TICKER_ITEMS = 5;

export const announcementsQuery = (locale: string) =>
  queryOptions({
    queryKey: publicKey('news', locale, 'ticker'),
    queryFn: ({ signal }) => newsList({ c_id: NEWS_CATEGORY, page: 1, pageSize: TICKER_ITEMS }, { signal, quiet: true }),
  });
