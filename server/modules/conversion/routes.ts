import type { FastifyInstance } from 'fastify';
import type { MoneyContext } from '../money';

export async function conversionRoutes(_app: FastifyInstance, _ctx: MoneyContext): Promise<void> {}
