/**
 * News calls: POST /news/list and /news/detail for readers (no sign-in: the home ticker shows
 * the announcements to everyone). The operator's calls are in ops-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { newsDetailQuerySchema, newsListSchema } from '../../../src/domain/news';
import { newsDetailSchema, newsItemSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { localeOf } from '../../http/locale';

export async function newsModule(app: FastifyInstance): Promise<void> {
  const { news } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/news/list',
    tag: 'news',
    summary: "A page of a category's published news (c_id, 4 by default: the announcements), newest first, in the caller's language or English (Page<NewsItem>)",
    auth: 'none',
    body: newsListSchema,
    reply: pageSchemaOf(newsItemSchema),
    handler: ({ body, request }) => news.list({ categoryId: body.c_id, page: body.page, pageSize: body.pageSize, locale: localeOf(request) }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/news/detail',
    refusals: { 404: ['news.notFound'] },
    tag: 'news',
    summary: "One published piece of news with its whole text, in the caller's language or English (NewsDetail); news.notFound otherwise",
    auth: 'none',
    body: newsDetailQuerySchema,
    reply: newsDetailSchema,
    handler: ({ body, request }) => news.detail(body.id, localeOf(request)),
  });
}
