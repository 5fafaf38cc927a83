/**
 * The operator's news calls under /api/ops (support): write, translate, publish and withdraw, each
 * with its audit row; publishing sends the piece to the devices on the system channel. The app's
 * content pages: read (support) and changed with a reason (admin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newsCreateSchema, newsIdSchema, newsTranslateSchema, opsNewsListSchema } from '../../../src/domain/news';
import { contentChangeSchema, contentPagesSchema } from '../../../src/domain/ops-wire';
import { opsNewsPieceSchema, opsNewsPublishedSchema, opsNewsSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
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

  apiRoute(app, {
    method: 'GET',
    url: '/news/piece',
    refusals: { 404: ['news.notFound'] },
    tag: 'ops',
    summary: 'One piece of news with the whole text of each language it is written in (support)',
    auth: support,
    query: newsIdSchema,
    reply: opsNewsPieceSchema,
    handler: ({ query }) => news.opsPiece(query.id),
  });

  /**
   * Once committed: to every device on the system channel, each in its owner's language, once; how
   * many it reached. Written with the publication into the outbox, so that a process stopping in
   * between leaves it for the next (server/outbox.ts).
   */
  app.services.outbox.handle('news.push', {
    kind: 'effect',
    run: (payload) => {
      const id = Number(payload.id);
      return app.services.push.broadcast('system', `news:${id}`, async (locale) => {
        const piece = await news.detail(id, locale);
        return { title: piece.title, body: piece.summary, url: `/h5/news/detail?id=${id}`, kind: 'news', tag: `news-${id}` };
      });
    },
  });
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
    summary: 'Publish a draft or withdrawn piece; it needs its English version. Answers how many devices the push notification reached (support)',
    auth: support,
    body: newsIdSchema,
    reply: opsNewsPublishedSchema,
    handler: async ({ body, request }) => {
      const { published, notices } = await news.publish(body.id, actorOf(request));
      // Published all the same when the push fails: the operator reads that no device was reached (the outbox tries again).
      const delivered = await app.services.outbox.deliver(notices);
      return { ...published, pushed: Number(delivered.get(notices[0].id) ?? 0) };
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

  apiRoute(app, {
    method: 'GET',
    url: '/content',
    tag: 'ops',
    summary: "The app's content pages (about, help, company, intro, tutorials), each in every language it has with its last change (support)",
    auth: support,
    reply: contentPagesSchema,
    handler: () => news.contentPages(),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/content',
    refusals: { 404: ['news.notFound'] },
    tag: 'ops',
    summary: "Write or replace one language of a content page, with the reason (admin, audited content.change); the app reads it at once. Answers the pages",
    auth: { operator: 'admin' },
    body: contentChangeSchema,
    reply: contentPagesSchema,
    handler: ({ body, request }) => news.changeContent(body, actorOf(request)),
  });
}
