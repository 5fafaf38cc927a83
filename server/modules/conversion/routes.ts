/** POST /transfer/quote and POST /transfer (†): converting between EUR and USDT. */
import type { FastifyInstance } from 'fastify';
import { quoteRequestSchema, transferSchema } from '../../../src/domain/payments';
import { apiRoute } from '../../http/api-route';
import { idempotencyKeyOf } from '../../http/idempotency';
import { requireSession, viewerOf } from '../auth/guard';
import type { MoneyContext } from '../money';
import { createConversions } from './service';

export async function conversionRoutes(app: FastifyInstance, ctx: MoneyContext): Promise<void> {
  const conversions = createConversions(ctx.db, ctx.clock);
  const signedIn = [requireSession(ctx.services.sessions)];

  apiRoute(app, {
    method: 'POST',
    url: '/transfer/quote',
    tag: 'conversion',
    summary: 'Quote a conversion between EUR and USDT: rate, fee and amount received, valid 30 s (QuoteReply)',
    auth: 'required',
    body: quoteRequestSchema,
    preHandler: signedIn,
    handler: ({ body, request }) => conversions.quote(viewerOf(request).userId, body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/transfer',
    tag: 'conversion',
    summary: 'Execute a quote (needs Idempotency-Key and the payment password); ConversionRecord',
    description:
      'Moves exactly the quoted numbers. 409 transfer.quoteExpired when the quote is older than 30 s or already used, ' +
      "409 transfer.rateChanged when the reference rate moved since; another user's quote answers 404 record.notFound.",
    auth: 'required',
    body: transferSchema,
    preHandler: signedIn,
    handler: async ({ body, request }) => {
      const { userId } = viewerOf(request);
      const key = idempotencyKeyOf(request);
      await ctx.services.accounts.checkPayPassword(userId, body.payPassword);
      return ctx.services.idempotency.run(
        { userId, key, route: 'POST /api/transfer', input: { quoteId: body.quoteId } },
        (tx) => conversions.execute(tx, userId, body.quoteId),
      );
    },
  });
}
