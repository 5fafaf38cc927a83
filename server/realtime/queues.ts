/**
 * The operators' live queues (docs/ops-console.md): which calls add a request to a queue or take
 * one out of it, in one table. After such a call has answered successfully — its transaction
 * committed — the operators' room hears `queue:changed { queue }` and each console refetches that
 * queue and its counts. An operator's decision is also heard by the user it concerns: their
 * account room gets `account { change }`, and the app fetches their balances and records again
 * (src/realtime/socket.ts), so an approved deposit shows on their phone without a reload. Written
 * once here rather than in each route, so a new decision or request only needs its line.
 */
import type { FastifyInstance } from 'fastify';
import type { OpsQueue } from '../../src/domain/operators';
import { accountRoom, OPS_ROOM } from './socket';

const QUEUE_OF_ROUTE: Readonly<Record<string, OpsQueue>> = {
  // a user's request joins a queue
  'POST /api/wallet/charge_req': 'deposits',
  'POST /api/wallet/out': 'withdrawals',
  'POST /api/merchant/apply': 'merchants',
  'POST /api/loan/apply': 'loans',
  'POST /api/loan/repay': 'repayments',
  'POST /api/loan/repay/part': 'repayments',
  // an operator's decision takes it out
  'POST /api/ops/deposits/approve': 'deposits',
  'POST /api/ops/deposits/reject': 'deposits',
  'POST /api/ops/withdrawals/approve': 'withdrawals',
  'POST /api/ops/withdrawals/reject': 'withdrawals',
  'POST /api/ops/merchants/approve': 'merchants',
  'POST /api/ops/merchants/reject': 'merchants',
  'POST /api/ops/loans/approve': 'loans',
  'POST /api/ops/loans/reject': 'loans',
  'POST /api/ops/loans/repayment/confirm': 'repayments',
  'POST /api/ops/loans/repayment/refuse': 'repayments',
  'POST /api/ops/adjustments': 'adjustments',
  'POST /api/ops/adjustments/proposals/approve': 'adjustments',
  'POST /api/ops/adjustments/proposals/refuse': 'adjustments',
};

/** The queue a route changes, or undefined. */
export function queueOfRoute(method: string, url: string | undefined): OpsQueue | undefined {
  return url === undefined ? undefined : QUEUE_OF_ROUTE[`${method} ${url}`];
}

/** The user a decision's reply names (`data.userId`), read from the reply on its way out. */
function userOfReply(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.includes('"userId"')) return null;
  try {
    // A decision answers its record (`data.userId`); an approved correction answers what it posted (`data.posted.userId`).
    const data = (JSON.parse(payload) as { data?: { userId?: unknown; posted?: { userId?: unknown } } }).data;
    const userId = data?.userId ?? data?.posted?.userId;
    return typeof userId === 'string' ? userId : null;
  } catch {
    return null;
  }
}

export function registerQueueNotices(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (reply.statusCode !== 200 || !url?.startsWith('/api/ops/') || !queueOfRoute(request.method, url)) return payload;
    const userId = userOfReply(payload);
    if (userId) app.realtime.publish(accountRoom(userId), 'account', { change: url.slice('/api/ops/'.length) });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200) return;
    const queue = queueOfRoute(request.method, request.routeOptions.url);
    if (queue) app.realtime.publish(OPS_ROOM, 'queue:changed', { queue });
  });
}
