/** The platform's configuration: settings, VIP levels, deposit options, pledge products (read by support, changed by admin; pledge products by finance). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { coinChangeSchema, OpsCoin, OpsSetting, settingChangeSchema, vipLevelChangeSchema } from '../../../domain/ops-wire';
import type { PledgeProduct, PledgeProductInput } from '../../../domain/pledge';
import type { VipLevel } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export const settingsQuery = queryOptions({ queryKey: ['ops', 'settings'] as const, queryFn: () => opsGet<OpsSetting[]>('/settings') });
export const vipLevelsQuery = queryOptions({ queryKey: ['ops', 'vip_levels'] as const, queryFn: () => opsGet<VipLevel[]>('/vip_levels') });
export const coinsQuery = queryOptions({ queryKey: ['ops', 'coins'] as const, queryFn: () => opsGet<OpsCoin[]>('/coins') });
export const pledgeProductsQuery = queryOptions({ queryKey: ['ops', 'pledge_products'] as const, queryFn: () => opsGet<PledgeProduct[]>('/pledge/products') });

export const changeSetting = (input: z.output<typeof settingChangeSchema>) => opsPost<OpsSetting>('/settings', input);
export const changeVipLevel = (input: z.output<typeof vipLevelChangeSchema>) => opsPost<VipLevel>('/vip_levels', input);
export const changeCoin = (input: z.output<typeof coinChangeSchema>) => opsPost<OpsCoin>('/coins', input);
export const savePledgeProduct = (input: PledgeProductInput) => opsPost<PledgeProduct>('/pledge/products', input);
