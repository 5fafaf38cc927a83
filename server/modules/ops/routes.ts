import type { FastifyInstance } from 'fastify';
import type { MoneyContext } from '../money';

export async function opsRoutes(_app: FastifyInstance, _ctx: MoneyContext): Promise<void> {}
