/**
 * The operator's news calls under /api/ops (support): write, translate, publish and withdraw, each
 * with its audit row; publishing sends the piece to the devices on the system channel.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newsCreateSchema, newsIdSchema, newsTranslateSchema, opsNewsListSchema } from '../../../src/domain/news';
import { opsNewsSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { operatorOf } from '../../http/auth';

/** Under /api/ops. */
export async function newsOpsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { news } = app.services;
  const support = { operator: 'support' } as const;

  apiRoute(app, {
    method: 'GET',
    url: '/news',
    tag: 'ops',
    summary: 'Every piece of news with its status and the languages it is written in, newest first (support)',
    auth: support,
    query: opsNewsListSchema,
    reply: pageSchemaOf(opsNewsSchema),
    handler: ({ query }) => news.opsList(query),
  });

  const announce = (id: number) => {
    app.services.push
      .broadcast('system', `news:${id}`, async (locale) => {
        const piece = await news.detail(id, locale);
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
    handler: ({ body, request }) => news.draft(body, actorOf(request)),
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
    handler: ({ body, request }) => news.translate(body, actorOf(request)),
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
      const published = await news.publish(body.id, actorOf(request));
      // Once committed: to every device on the system channel, each in its owner's language, once.
      announce(published.id);
      return published;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/news/withdraw',
    refusals: { 404: ['news.notFound'], 409: ['ops.alreadyDecided', 'news.notPublished'] },
    tag: 'ops',
    summary: 'Take a published piece off the list (support)',
    auth: support,
    body: newsIdSchema,
    reply: opsNewsSchema,
    handler: ({ body, request }) => news.withdraw(body.id, actorOf(request)),
  });
}
