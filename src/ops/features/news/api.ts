/** The news calls: the list, one piece with its texts, write, translate, publish, withdraw. */
import { queryOptions } from '@tanstack/react-query';
import type { NewsStatus } from '../../../domain/news';
import type { OpsNews, OpsNewsPiece, OpsNewsPublished, Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export const PAGE_SIZE = 20;
export type NewsFilter = NewsStatus | 'all';

export const newsListQuery = (status: NewsFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'news', 'list', status, page] as const,
    queryFn: () => opsGet<Page<OpsNews>>('/news', { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

export const newsPieceQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'news', 'piece', id] as const,
    queryFn: () => opsGet<OpsNewsPiece>('/news/piece', { id }),
  });

export const writeNews = (input: { locale: string; title: string; body: string }) => opsPost<OpsNews>('/news', input);
export const translateNews = (input: { id: number; locale: string; title: string; body: string }) => opsPost<OpsNews>('/news/translate', input);
export const publishNews = (input: { id: number }, key: string) => opsPost<OpsNewsPublished>('/news/publish', input, key);
export const withdrawNews = (input: { id: number }, key: string) => opsPost<OpsNews>('/news/withdraw', input, key);
