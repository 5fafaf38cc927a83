import type { FastifyInstance } from 'fastify';
import type { MoneyContext } from '../money';

export async function withdrawalRoutes(_app: FastifyInstance, _ctx: MoneyContext): Promise<void> {}
