/**
 * The operators' queues — deposits, withdrawals, merchant applications, loan applications,
 * repayments, corrections waiting for a second operator — each read by the module that owns its
 * rows: how many wait and since when the oldest has. GET /api/ops/queues answers it, and the
 * metrics (server/metrics.ts) report it.
 */
import type { FastifyInstance } from 'fastify';
import type { OpsQueue } from '../../../src/domain/operators';
import type { QueueLength } from '../../db/pages';

export function operatorQueues(app: FastifyInstance): () => Promise<Array<QueueLength & { queue: OpsQueue }>> {
  const { services } = app;
  const readers: Record<OpsQueue, () => Promise<QueueLength>> = {
    deposits: services.deposits.waiting,
    withdrawals: services.withdrawals.waiting,
    merchants: services.trading.applicationsWaiting,
    loans: services.loans.applicationsWaiting,
    repayments: services.loans.repaymentsWaiting,
    adjustments: services.ops.proposalsWaiting,
  };
  return () => Promise.all(Object.entries(readers).map(async ([queue, read]) => ({ queue: queue as OpsQueue, ...(await read()) })));
}
