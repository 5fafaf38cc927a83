/**
 * News calls: POST /news/list and /news/detail for readers (no sign-in: the home ticker shows
 * the announcements to everyone), and /api/ops/news… for operators (support), each write audited.
 * Publishing sends the piece to every device subscribed to the system channel (modules/push).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newsCreateSchema, newsDetailQuerySchema, newsIdSchema, newsListSchema, newsTranslateSchema, opsNewsListSchema } from '../../../src/domain/news';
import { newsDetailSchema, newsItemSchema, opsNewsSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { inTransaction } from '../../db/transaction';
import { apiRoute } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { localeOf } from '../../http/locale';
import { createNews, listNews, listOpsNews, newsDetail, publishNews, translateNews, withdrawNews } from './service';

export async function newsModule(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  apiRoute(app, {
    method: 'POST',
    url: '/news/list',
    tag: 'news',
    summary: "A page of a category's published news (c_id, 4 by default: the announcements), newest first, in the caller's language or English (Page<NewsItem>)",
    auth: 'none',
    body: newsListSchema,
    reply: pageSchemaOf(newsItemSchema),
    handler: ({ body, request }) => listNews(db, { categoryId: body.c_id, page: body.page, pageSize: body.pageSize, locale: localeOf(request) }),
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
    handler: ({ body, request }) => newsDetail(db, body.id, localeOf(request)),
  });
}

/** Under /api/ops. */
export async function newsOpsModule(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  const support = { operator: 'support' } as const;

  apiRoute(app, {
    method: 'GET',
    url: '/news',
    tag: 'ops',
    summary: 'Every piece of news with its status and the languages it is written in, newest first (support)',
    auth: support,
    query: opsNewsListSchema,
    reply: pageSchemaOf(opsNewsSchema),
    handler: ({ query }) => listOpsNews(db, query),
  });

  const announce = (id: number) => {
    app.services.push
      .broadcast('system', `news:${id}`, async (locale) => {
        const piece = await newsDetail(db, id, locale);
        return { title: piece.title, body: piece.summary, url: `/h5/news/detail?id=${id}`, kind: 'news', tag: `news-${id}` };
      })
      .catch((error: unknown) => app.log.error({ err: error, news: id }, 'news: the push notifications could not be sent'));
  };
  const actorOf = (request: FastifyRequest) => ({ operatorId: operatorOf(request).operatorId, at: clock() });

  apiRoute(app, {
    method: 'POST',
    url: '/news',
    tag: 'ops',
    summary: 'Write a new piece of news in one language, as a draft (support)',
    auth: support,
    body: newsCreateSchema,
    reply: opsNewsSchema,
    handler: ({ body, request }) => inTransaction(db, (tx) => createNews(tx, body, actorOf(request))),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/news/translate',
    refusals: { 404: ['news.notFound'] },
    tag: 'ops',
    summary: "Write or replace one language's version of a piece (support)",
    auth: support,
    body: newsTranslateSchema,
    reply: opsNewsSchema,
    handler: ({ body, request }) => inTransaction(db, (tx) => translateNews(tx, body, actorOf(request))),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/news/publish',
    refusals: { 400: ['news.englishRequired'], 404: ['news.notFound'], 409: ['ops.alreadyDecided'] },
    tag: 'ops',
    summary: 'Publish a draft or withdrawn piece; it needs its English version (support)',
    auth: support,
    body: newsIdSchema,
    reply: opsNewsSchema,
    handler: async ({ body, request }) => {
      const published = await inTransaction(db, (tx) => publishNews(tx, body.id, actorOf(request)));
      // Once committed: to every device on the system channel, each in its owner's language, once.
      announce(published.id);
      return published;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/news/withdraw',
    refusals: { 404: ['news.notFound'], 409: ['ops.alreadyDecided'] },
    tag: 'ops',
    summary: 'Take a published piece off the list (support)',
    auth: support,
    body: newsIdSchema,
    reply: opsNewsSchema,
    handler: ({ body, request }) => inTransaction(db, (tx) => withdrawNews(tx, body.id, actorOf(request))),
  });
}
