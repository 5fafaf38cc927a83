import type { FastifyInstance } from 'fastify';
import type { MoneyContext } from '../money';

export async function bankingRoutes(_app: FastifyInstance, _ctx: MoneyContext): Promise<void> {}
