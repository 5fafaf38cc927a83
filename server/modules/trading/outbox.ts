/**
 * What a transaction of the hall changed, written into the outbox in that very transaction
 * (server/outbox.ts) and delivered once it has committed — or, after a crash in between, by the
 * next process: each party of a changed order gets a `trade` event in their own socket room
 * (account:<userId>, joined with their session token), carrying only the order's id and status
 * (the app fetches what it shows), and a push on their devices' trade channel (modules/push); a
 * settled order is a tick of the market's USDT/EUR candles (modules/market).
 *
 * A transaction that rolls back tells nothing: its rows go with it. `reset` forgets the ids an
 * attempt that rolled back wrote (the transaction is run again after a serialization failure).
 */
import type { Tx } from '../../db/client';
import { writeOutbox, writeOutboxWithCommit, type NewOutboxRow, type OutboxRef } from '../../outbox';
import type { BookEvents } from './book';
import type { OrderRow } from './views';

/** A trade.socket row: the order's parties are told it changed. */
export interface OrderNoticePayload {
  orderId: number;
  status: OrderRow['status'];
  userIds: string[];
}

/** A trade.push row: the order's taker and the merchant whose offer it met. */
export interface OrderPushPayload {
  orderId: number;
  status: OrderRow['status'];
  takerId: string;
  makerId: string | null;
}

/** A trade.tick row: a settled trade, its USDT (minor units) and price in ten-thousandths as text, its time. */
export interface TradeTickPayload {
  orderId: number;
  amount: string;
  price: string;
  at: string;
}

export class TradeNotices implements BookEvents {
  /** The outbox rows this transaction wrote, for `outbox.deliver` once it has committed. */
  readonly rows: OutboxRef[] = [];
  /** Gathered rather than written at once (`gathered()`): the rows wait for `sendWithCommit`. */
  private waiting: NewOutboxRow[] | null = null;

  /**
   * For a transaction of inTransaction (a money call of the hall): what it changes is gathered and
   * written in one statement that goes out with its COMMIT (`sendWithCommit`), an order's later
   * notice standing in for its earlier ones of the same transaction (the app fetches the order
   * anyway; a placed order matched at once is told once, as matched).
   */
  gathered(): this {
    this.waiting = [];
    return this;
  }

  reset(): this {
    this.rows.length = 0;
    if (this.waiting) this.waiting.length = 0;
    return this;
  }

  async orderChanged(tx: Tx, order: OrderRow): Promise<void> {
    await this.add(tx, changeRows(order));
  }

  async settled(tx: Tx, order: OrderRow): Promise<void> {
    const rows = changeRows(order);
    if (order.price !== null && order.endedAt) {
      const tick: TradeTickPayload = { orderId: order.id, amount: String(order.amount), price: String(order.price), at: order.endedAt.toISOString() };
      rows.push({ topic: 'trade.tick', payload: { ...tick } });
    }
    await this.add(tx, rows);
  }

  /** The gathered rows, written with the transaction's COMMIT. */
  sendWithCommit(tx: Tx): void {
    if (!this.waiting) throw new Error('TradeNotices: sendWithCommit without gathered()');
    writeOutboxWithCommit(tx, this.waiting, (refs) => this.rows.push(...refs));
  }

  private async add(tx: Tx, rows: NewOutboxRow[]): Promise<void> {
    if (!this.waiting) {
      this.rows.push(...(await writeOutbox(tx, rows)));
      return;
    }
    for (const row of rows) {
      // An order's notice or push replaces the one of the same order this transaction gathered before.
      const earlier = row.topic === 'trade.tick' ? -1 : this.waiting.findIndex((other) => other.topic === row.topic && other.payload.orderId === row.payload.orderId);
      if (earlier >= 0) this.waiting.splice(earlier, 1);
      this.waiting.push(row);
    }
  }
}

function changeRows(order: OrderRow): NewOutboxRow[] {
  const notice: OrderNoticePayload = { orderId: order.id, status: order.status, userIds: order.merchantId ? [order.userId, order.merchantId] : [order.userId] };
  const push: OrderPushPayload = { orderId: order.id, status: order.status, takerId: order.userId, makerId: order.merchantId };
  // A placed order still looking for an offer is no news for anyone's device.
  return order.status === 'matching'
    ? [{ topic: 'trade.socket', payload: { ...notice } }]
    : [
        { topic: 'trade.socket', payload: { ...notice } },
        // Written only when a party has a device on the trade channel (server/outbox.ts).
        { topic: 'trade.push', payload: { ...push }, devicesOn: { channel: 'trade', users: notice.userIds } },
      ];
}
