/**
 * The trading hall's calls (docs/api.md, "Trading hall"): merchant application, the hall, offers
 * and orders. Posting or changing an offer and placing or confirming an order move money: they
 * need an Idempotency-Key and the payment password (payWithBody). Withdrawing an offer and
 * cancelling an order only give money back. What each transaction changed is written into the
 * outbox with it (outbox.ts) and delivered once it commits: both parties of every changed order
 * told over the socket and on their devices, settled trades as ticks of the market's candles.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageQuerySchema } from '../../../src/domain/payments';
import { hallQuerySchema, offerEditSchema, offerInputSchema, orderConfirmSchema, orderInputSchema, orderListSchema, tradeRecordSchema } from '../../../src/domain/trading';
import { merchantApplicationSchema, pageSchemaOf, tradeOfferSchema, tradeOrderSchema, tradeSummarySchema } from '../../../src/domain/wire-schemas';
import type { Tx } from '../../db/client';
import { apiRoute, noInput } from '../../http/api-route';
import { NOT_FOUND, PAID_CALL, type Refusals } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { payWithBody } from '../../http/paid-call';
import { accountRoom } from '../../realtime/socket';
import { TradeNotices, type OrderNoticePayload } from './outbox';
import type { ConfirmingReads, PlacingReads } from './orders';

const TAG = 'trading';

export async function tradingModule(app: FastifyInstance): Promise<void> {
  const { trading, outbox } = app.services;

  // A changed order's parties told on their socket rooms (written by the transaction, delivered from the outbox).
  outbox.handle('trade.socket', {
    kind: 'effect',
    run: async (payload) => {
      const notice = payload as unknown as OrderNoticePayload;
      for (const userId of notice.userIds) app.realtime?.publish(accountRoom(userId), 'trade', { orderId: notice.orderId, status: notice.status });
    },
  });

  /** Runs `work` with what its transaction tells (emptied at each attempt) and delivers it once committed, not waited for. */
  async function told<T>(work: (notices: TradeNotices) => Promise<T>): Promise<T> {
    const notices = new TradeNotices();
    const result = await work(notices);
    void outbox.deliver(notices.rows);
    return result;
  }

  /** A money call of the hall: payment password, Idempotency-Key, one transaction, then the outbox. */
  function paidTradeCall<B extends z.ZodType<{ payPassword: string }>, F>(
    url: string,
    summary: string,
    description: string,
    body: B,
    reply: z.ZodType,
    refusals: Refusals,
    work: (tx: Tx, userId: string, input: Omit<z.output<B>, 'payPassword'>, notices: TradeNotices, first: F) => Promise<unknown>,
    /** The call's first reads, sent with the payment's claim (http/paid-call.ts, FirstReads). */
    first?: (tx: Tx, userId: string, input: Omit<z.output<B>, 'payPassword'>, keyLock: string) => Promise<F>,
  ): void {
    apiRoute<B, undefined, z.ZodType>(app, {
      method: 'POST',
      url,
      tag: TAG,
      summary,
      description,
      auth: 'required',
      body,
      reply,
      refusals: [...PAID_CALL, refusals],
      handler: ({ body: input, request }) =>
        told((notices) =>
          payWithBody(
            request,
            input as z.output<B>,
            async (tx, userId, rest, read: F) => {
              const result = await work(tx, userId, rest, notices.gathered().reset(), read);
              notices.sendWithCommit(tx);
              return result;
            },
            first,
          ),
        ),
    });
  }

  apiRoute(app, {
    method: 'GET',
    url: '/trade/summary',
    tag: TAG,
    summary: "What the hall shows above its lists: merchant status and application, today's orders and cancels against their limits, pending orders, fee and best prices (TradeSummary)",
    auth: 'required',
    query: noInput,
    reply: tradeSummarySchema,
    handler: ({ request }) => trading.summary(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/merchant/apply',
    refusals: { 400: ['payPassword.notSet'], 409: ['merchant.alreadyMerchant', 'merchant.applicationPending'] },
    tag: TAG,
    summary: 'Apply to become a merchant (MerchantApplication, status pending)',
    description:
      'Needs the payment password set (400 payPassword.notSet). Already a merchant: 409 merchant.alreadyMerchant; an application already waiting: 409 merchant.applicationPending.',
    auth: 'required',
    body: noInput,
    reply: merchantApplicationSchema,
    handler: ({ request }) => trading.apply(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/merchant/application',
    tag: TAG,
    summary: "The user's latest merchant application with its outcome and reason, or null",
    auth: 'required',
    query: noInput,
    reply: merchantApplicationSchema.nullable(),
    handler: ({ request }) => trading.application(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/trade/hall',
    tag: TAG,
    summary: "Open offers for a user's side (buy: sell offers, cheapest first; sell: buy offers, dearest first), then oldest; with amount, only offers taking it (TradeOffer[], at most 50)",
    auth: 'required',
    query: hallQuerySchema,
    // The amount is read as the user typed it (amountOrRefusal).
    refusals: { 400: ['amount.invalid', 'amount.tooLarge'] },
    reply: z.array(tradeOfferSchema),
    handler: ({ query, request }) => trading.hall(viewerOf(request).userId, query.side, query.amount),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/trade/offers',
    tag: TAG,
    summary: "The user's own offers, newest first (Page<TradeOffer>)",
    auth: 'required',
    query: pageQuerySchema,
    reply: pageSchemaOf(tradeOfferSchema),
    handler: ({ query, request }) => trading.myOffers(viewerOf(request).userId, query.page, query.pageSize),
  });

  paidTradeCall(
    '/trade/offers/post',
    'Post an offer (merchants): sell USDT for EUR or buy USDT with EUR at a unit price, with limits per order; what it may give away is held at once (TradeOffer)',
    'Idempotency-Key and payment password. Not a merchant: 403 trade.merchantRequired. Limits: trade.limitsInvalid; price: trade.priceInvalid; not enough available: balance.insufficient. Waiting orders it fits are matched with it at once.',
    offerInputSchema,
    tradeOfferSchema,
    { 400: ['balance.insufficient', 'trade.limitsInvalid', 'trade.priceInvalid'], 403: ['trade.merchantRequired'] },
    (tx, userId, input, notices) => trading.postOffer(tx, userId, input, notices),
  );

  paidTradeCall(
    '/trade/offers/edit',
    "Change an open offer's quantity left, price and limits; its hold follows (TradeOffer)",
    'Idempotency-Key and payment password. The price cannot change while orders matched with the offer wait for confirmation (409 trade.offerBusy). A withdrawn or filled offer: 409 trade.offerGone.',
    offerEditSchema,
    tradeOfferSchema,
    { 400: ['balance.insufficient', 'trade.limitsInvalid', 'trade.priceInvalid'], 404: ['record.notFound'], 409: ['trade.offerBusy', 'trade.offerGone'] },
    (tx, userId, input, notices) => trading.editOffer(tx, userId, input, notices),
  );

  apiRoute(app, {
    method: 'POST',
    url: '/trade/offers/withdraw',
    refusals: [NOT_FOUND, { 409: ['trade.offerGone'] }],
    tag: TAG,
    summary: 'Withdraw an open offer: what it held for its remaining quantity is released; orders already matched with it can still settle (TradeOffer)',
    auth: 'required',
    body: tradeRecordSchema,
    reply: tradeOfferSchema,
    handler: ({ body, request }) => trading.withdrawOffer(viewerOf(request).userId, body.id),
  });

  paidTradeCall(
    '/trade/orders/place',
    'Place an order (merchants): buy or sell an amount of USDT at a unit price or better; it holds what it gives and is matched with the best fitting offer, or waits up to 60 minutes (TradeOrder)',
    'Idempotency-Key and payment password. Not a merchant: 403 trade.merchantRequired; below 1 USDT: trade.amountTooSmall; VIP daily orders used: 403 trade.dailyLimit; ' +
      'more than 3 matched orders cancelled today: 403 trade.cancelBlocked; not enough available: balance.insufficient.',
    orderInputSchema,
    tradeOrderSchema,
    { 400: ['balance.insufficient', 'trade.amountTooSmall', 'trade.priceInvalid'], 403: ['trade.merchantRequired', 'trade.dailyLimit', 'trade.cancelBlocked'] },
    (tx, userId, input, notices, read: PlacingReads) => trading.placeOrder(tx, userId, input, read, notices),
    (tx, userId) => trading.placingReads(tx, userId),
  );

  paidTradeCall(
    '/trade/orders/confirm',
    'Confirm a matched order within its time: it settles at once on the ledger (TradeOrder, status completed)',
    'Idempotency-Key and payment password. Not yet matched: 409 trade.infoIncomplete; ended: 409 trade.orderEnded; past its confirmation time: 409 trade.confirmExpired. ' +
      "Another user's order answers 404 record.notFound.",
    orderConfirmSchema,
    tradeOrderSchema,
    { 404: ['record.notFound'], 409: ['trade.infoIncomplete', 'trade.orderEnded', 'trade.confirmExpired'] },
    (tx, userId, _input, notices, read: ConfirmingReads) => trading.confirmOrder(tx, userId, read, notices),
    (tx, userId, input, keyLock) => trading.confirmingReads(tx, userId, input.id, keyLock),
  );

  apiRoute(app, {
    method: 'POST',
    url: '/trade/orders/cancel',
    refusals: [NOT_FOUND, { 409: ['trade.orderEnded'] }],
    tag: TAG,
    summary: 'Cancel an order that has not settled: all it held is released (TradeOrder, status cancelled)',
    description: 'More than 3 matched orders cancelled in one day (UTC) pause new orders until the day ends. Ended: 409 trade.orderEnded.',
    auth: 'required',
    body: tradeRecordSchema,
    reply: tradeOrderSchema,
    handler: ({ body, request }) => told((notices) => trading.cancelOrder(viewerOf(request).userId, body.id, notices.reset())),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/trade/orders',
    tag: TAG,
    summary: "The user's orders, placed or matched with their offers, newest first, by tab: all, review (matching, matched), expired (expired, cancelled), completed (Page<TradeOrder>)",
    auth: 'required',
    query: orderListSchema,
    reply: pageSchemaOf(tradeOrderSchema),
    handler: ({ query, request }) => trading.orders(viewerOf(request).userId, query.tab, query.page, query.pageSize),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/trade/orders/detail',
    refusals: NOT_FOUND,
    tag: TAG,
    summary: 'One order the user is a party to (TradeOrder)',
    auth: 'required',
    query: tradeRecordSchema,
    reply: tradeOrderSchema,
    handler: ({ query, request }) => trading.order(viewerOf(request).userId, query.id),
  });
}
