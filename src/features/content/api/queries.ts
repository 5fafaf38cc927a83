/** The content screens' reads: the app's content pages are pieces with fixed ids, the tutorials a category. */
import { queryOptions } from '@tanstack/react-query';
import { newsList } from '../../../api/news';
import { publicKey } from '../../../api/query';

/** The app's content pages (server/modules/news/content.ts): pieces with fixed ids. */
export const CONTENT_PAGES = { about: 19, help: 33, company: 21, intro: 22 } as const;
/** The tutorials' category. */
const TUTORIALS_CATEGORY = 2;

export const tutorialsQuery = (locale: string) =>
  queryOptions({
    queryKey: publicKey('news', locale, 'tutorials'),
    queryFn: ({ signal }) => newsList({ c_id: TUTORIALS_CATEGORY, page: 1, pageSize: 50 }, { signal, quiet: true }),
  });
