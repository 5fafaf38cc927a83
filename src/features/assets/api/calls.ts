/** The assets screens' calls: totals per asset and the fund record (docs/api.md). */
import { ask, type PageParams } from '../../../api/calls';
import { request, type RequestOptions } from '../../../api/client';
import type { Asset } from '../../../domain/money';
import type { CalcReply, Movement, Page } from '../../../domain/wire';

/** The fund record: one row per movement, of one currency (filtered by the server) or of all. */
export const movements =
  (asset: Asset | null) =>
  (params: PageParams = {}, options?: RequestOptions) =>
    request<Page<Movement>>('GET', '/wallet/movements', asset ? { ...params, asset } : { ...params }, options);
export const assetTotals = ask<CalcReply>('GET', '/user/calc');
