import type { FastifyInstance } from 'fastify';
import type { MoneyContext } from '../money';

export async function depositRoutes(_app: FastifyInstance, _ctx: MoneyContext): Promise<void> {}
