import type { FastifyInstance } from 'fastify';
import type { MoneyContext } from '../money';

export async function recordRoutes(_app: FastifyInstance, _ctx: MoneyContext): Promise<void> {}
