/**
 * What a transaction of the hall changed, told once it has committed: each party of a changed
 * order gets a `trade` event in their own socket room (account:<userId>, joined with their session
 * token), carrying only the order's id and status; the app fetches what it shows. Changed orders
 * go to the trade feed too (their parties' devices are notified from it, modules/push), and settled
 * ones, from which the market's USDT/EUR price and candles are built.
 *
 * A transaction that rolls back tells nothing: the outbox is dropped with it. A transaction run
 * again (after a serialization failure) records the same orders again; they are kept by id, last
 * state wins.
 */
import { EventEmitter } from 'node:events';
import { accountRoom } from '../../realtime/socket';
import type { BookEvents } from './book';
import type { OrderRow } from './views';

/** A settled trade: the taker's side, its amount in USDT and total in EUR (minor units), its price in ten-thousandths. */
export interface SettledTrade {
  orderId: number;
  side: 'buy' | 'sell';
  amount: bigint;
  total: bigint;
  price: bigint;
  at: Date;
}

/** An order that changed, with the users it concerns: its taker and the merchant whose offer it met. */
export interface OrderChange {
  orderId: number;
  status: OrderRow['status'];
  takerId: string;
  makerId: string | null;
}

/** The internal feed of settled trades and changed orders: any module may listen. */
export interface TradeFeed {
  onSettled(listener: (trade: SettledTrade) => void): () => void;
  emitSettled(trade: SettledTrade): void;
  onChanged(listener: (change: OrderChange) => void): () => void;
  emitChanged(change: OrderChange): void;
}

export function createTradeFeed(): TradeFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    onSettled(listener) {
      emitter.on('settled', listener);
      return () => emitter.off('settled', listener);
    },
    emitSettled(trade) {
      emitter.emit('settled', trade);
    },
    onChanged(listener) {
      emitter.on('changed', listener);
      return () => emitter.off('changed', listener);
    },
    emitChanged(change) {
      emitter.emit('changed', change);
    },
  };
}

export interface Publisher {
  publish(room: string, event: string, payload: unknown): void;
}

export class Outbox implements BookEvents {
  private readonly orders = new Map<number, OrderRow>();
  private readonly trades = new Map<number, OrderRow>();

  /** A new attempt of the transaction: what an attempt that rolled back recorded is forgotten. */
  reset(): this {
    this.orders.clear();
    this.trades.clear();
    return this;
  }

  orderChanged(order: OrderRow): void {
    this.orders.set(order.id, order);
  }

  settled(order: OrderRow): void {
    this.orders.set(order.id, order);
    this.trades.set(order.id, order);
  }

  /** After COMMIT: tell both parties of every changed order, and the feed of every settled one. */
  deliver(realtime: Publisher | undefined, feed: TradeFeed): void {
    for (const order of this.orders.values()) {
      const payload = { orderId: order.id, status: order.status };
      realtime?.publish(accountRoom(order.userId), 'trade', payload);
      if (order.merchantId) realtime?.publish(accountRoom(order.merchantId), 'trade', payload);
      feed.emitChanged({ orderId: order.id, status: order.status, takerId: order.userId, makerId: order.merchantId });
    }
    for (const order of this.trades.values()) {
      if (order.price === null || order.total === null || !order.endedAt) continue;
      feed.emitSettled({ orderId: order.id, side: order.side, amount: order.amount, total: order.total, price: order.price, at: order.endedAt });
    }
    this.orders.clear();
    this.trades.clear();
  }
}
