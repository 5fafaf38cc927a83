/**
 * The pledge's calls (docs/api.md, "Pledge"). Starting and redeeming an order and moving interest
 * move money: they take the idempotency key of the user's action and the payment password.
 */
import type { PledgeInterest, PledgeOrder } from '../../../domain/pledge';
import type { Asset } from '../../../domain/money';
import type { Page } from '../../../domain/wire';
import { request, type RequestOptions } from '../../../api/client';
import { pay } from '../../../api/pay';

export const startPledge = pay<{ productId: number; amount: string; payPassword: string }, PledgeOrder>('/pledge/start');
export const redeemPledge = pay<{ id: number; payPassword: string }, PledgeOrder>('/pledge/redeem');
export const transferInterest = pay<{ asset: Asset; amount: string; payPassword: string }, { asset: Asset; amount: string; transferId: number }>('/pledge/interest/transfer');
export const pledgeOrders = (params: { page?: number; pageSize?: number }, options?: RequestOptions) =>
  request<Page<PledgeOrder>>('GET', '/pledge/orders', { ...params }, options);
export const pledgeInterest = (params: { page?: number; pageSize?: number }, options?: RequestOptions) =>
  request<Page<PledgeInterest>>('GET', '/pledge/interest', { ...params }, options);
