/**
 * News in the app: the announcements (category 4) for the home's ticker and the news screens,
 * in the language the app shows (part of the key: another language is another read). They are
 * public and kept in the device's offline copy, so the last news can be read offline.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { NEWS_CATEGORY } from '../domain/constants';
import type { NewsDetail, NewsItem, Page } from '../domain/wire';
import { send } from './calls';
import { publicKey } from './query';

const newsList = send<{ c_id: number; page: number; pageSize: number }, Page<NewsItem>>('POST', '/news/list');
const newsDetail = send<{ id: number }, NewsDetail>('POST', '/news/detail');

/** Titles the ticker joins. */
export const TICKER_ITEMS = 5;
const PAGE_SIZE = 20;

export const announcementsQuery = (locale: string) =>
  queryOptions({
    queryKey: publicKey('news', locale, 'ticker'),
    queryFn: ({ signal }) => newsList({ c_id: NEWS_CATEGORY, page: 1, pageSize: TICKER_ITEMS }, { signal, quiet: true }),
  });

export const newsPagesQuery = (locale: string) =>
  infiniteQueryOptions({
    queryKey: publicKey('news', locale, 'pages'),
    queryFn: ({ signal, pageParam }) => newsList({ c_id: NEWS_CATEGORY, page: pageParam, pageSize: PAGE_SIZE }, { signal, quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const newsDetailQuery = (locale: string, id: number) =>
  queryOptions({
    queryKey: publicKey('news', locale, 'detail', id),
    queryFn: ({ signal }) => newsDetail({ id }, { signal, quiet: true }),
  });

/** The app's content pages (server/modules/news/content.ts): pieces with fixed ids. */
export const CONTENT_PAGES = { about: 19, help: 33, company: 21, intro: 22 } as const;
/** The tutorials' category. */
export const TUTORIALS_CATEGORY = 2;

export const tutorialsQuery = (locale: string) =>
  queryOptions({
    queryKey: publicKey('news', locale, 'tutorials'),
    queryFn: ({ signal }) => newsList({ c_id: TUTORIALS_CATEGORY, page: 1, pageSize: 50 }, { signal, quiet: true }),
  });
