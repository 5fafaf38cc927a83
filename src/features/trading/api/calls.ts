/**
 * The trading hall's calls (docs/api.md, "Trading hall"). Posting or changing an offer and placing
 * or confirming an order move money: they take the idempotency key of the user's action.
 */
import type { z } from 'zod';
import type { offerEditSchema, offerInputSchema, orderInputSchema, OrderTab, TradeSide } from '../../../domain/trading';
import type { MerchantApplication, Page, TradeOffer, TradeOrder, TradeSummary } from '../../../domain/wire';
import { ask, send } from '../../../api/calls';
import { request, type RequestOptions } from '../../../api/client';
import { pay } from '../../../api/pay';

export const tradeSummary = ask<TradeSummary>('GET', '/trade/summary');
export const applyForMerchant = ask<MerchantApplication>('POST', '/merchant/apply');

export const tradeHall = send<{ side: TradeSide; amount?: string }, TradeOffer[]>('GET', '/trade/hall');
export const myOffers = (params: { page?: number; pageSize?: number } = {}, options?: RequestOptions) =>
  request<Page<TradeOffer>>('GET', '/trade/offers', { ...params }, options);
export const postOffer = pay<z.input<typeof offerInputSchema>, TradeOffer>('/trade/offers/post');
export const editOffer = pay<z.input<typeof offerEditSchema>, TradeOffer>('/trade/offers/edit');
export const withdrawOffer = send<{ id: number }, TradeOffer>('POST', '/trade/offers/withdraw');

export const placeOrder = pay<z.input<typeof orderInputSchema>, TradeOrder>('/trade/orders/place');
export const confirmOrder = pay<{ id: number; payPassword: string }, TradeOrder>('/trade/orders/confirm');
export const cancelOrder = send<{ id: number }, TradeOrder>('POST', '/trade/orders/cancel');
export const tradeOrders = (params: { tab: OrderTab; page?: number; pageSize?: number }, options?: RequestOptions) =>
  request<Page<TradeOrder>>('GET', '/trade/orders', { ...params }, options);
