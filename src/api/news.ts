/**
 * The news calls several features read: the home's ticker, the news screens and the content pages
 * all list pieces of a category, and the news and content screens draw one piece
 * (features/shared/Article.tsx). Reads are keyed by the language the app shows (another language is
 * another read), public and kept in the device's offline copy, so the last news can be read offline.
 */
import { queryOptions } from '@tanstack/react-query';
import type { NewsDetail, NewsItem, Page } from '../domain/wire';
import { send } from './calls';
import { publicKey } from './query';

export const newsList = send<{ c_id: number; page: number; pageSize: number }, Page<NewsItem>>('POST', '/news/list');
const newsDetail = send<{ id: number }, NewsDetail>('POST', '/news/detail');

export const newsDetailQuery = (locale: string, id: number) =>
  queryOptions({
    queryKey: publicKey('news', locale, 'detail', id),
    queryFn: ({ signal }) => newsDetail({ id }, { signal, quiet: true }),
  });
