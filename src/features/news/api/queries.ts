/** The news list's read: the announcements (category 4), page by page. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { newsList } from '../../../api/news';
import { publicKey } from '../../../api/query';
import { NEWS_CATEGORY } from '../../../domain/constants';

const PAGE_SIZE = 20;

export const newsPagesQuery = (locale: string) =>
  infiniteQueryOptions({
    queryKey: publicKey('news', locale, 'pages'),
    queryFn: ({ signal, pageParam }) => newsList({ c_id: NEWS_CATEGORY, page: pageParam, pageSize: PAGE_SIZE }, { signal, quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
