/**
 * The realtime connection: one socket.io connection for the whole app, the channels
 * the screens subscribed to remembered here so that every (re)connect restores them.
 *
 * Wire protocol: the client emits 'subscribe' / 'unsubscribe' with `{ channel, period?, symbol? }`
 * (period and symbol only for 'kline', e.g. '1min' and 'btcusdt'); the server emits 'kline' and
 * 'daymarket' events.
 * The signed-in user's own events ('trade': one of their orders changed; 'account': an operator
 * decided one of their requests) come after the
 * 'account' channel was joined with the session token; it is joined again on every reconnect and
 * left when the session ends.
 */
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '../domain/constants';

export type Channel = 'kline' | 'daymarket';
export type RealtimeHandler = (payload: unknown) => void;

interface Subscription {
  channel: Channel;
  period?: string;
  /** kline only: the symbol (the server's default, the hall's USDT/EUR, when absent). */
  symbol?: string;
}

export interface StartOptions {
  /** Server origin; the page's own origin when omitted (the API server also serves /socket.io). */
  url?: string;
  /** Overrides of the connection options, for tests (e.g. a short reconnection delay). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

const CONNECTION_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  // WebSocket first; long-polling when a proxy or network blocks it.
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  withCredentials: true,
  reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
  reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
  timeout: SOCKET_TIMEOUT_MS,
};

let socket: Socket | null = null;
/** Bumped by stop(), so a start() still loading the library does not connect afterwards. */
let generation = 0;
const subscriptions = new Map<string, Subscription>();
const handlers: Record<Channel, Set<RealtimeHandler>> = { kline: new Set(), daymarket: new Set() };
const connectionHandlers = new Set<(connected: boolean) => void>();
/** The session whose private events this connection receives, or null. */
let accountToken: string | null = null;
const accountHandlers = new Set<RealtimeHandler>();

const subscriptionKey = ({ channel, period, symbol }: Subscription) =>
  [channel, symbol, period].filter((part) => part !== undefined).join(':');

/**
 * Opens the connection. socket.io-client is loaded here, not at the top, so that it stays out
 * of the first screen's chunk.
 */
export async function start(options: StartOptions = {}): Promise<void> {
  if (socket) return;
  const startedIn = ++generation;
  const { io } = await import('socket.io-client');
  if (startedIn !== generation || socket) return;
  const settings = { ...CONNECTION_OPTIONS, ...options.socketOptions };
  const connection = options.url ? io(options.url, settings) : io(settings);
  socket = connection;
  connection.on('connect', () => {
    for (const subscription of subscriptions.values()) connection.emit('subscribe', subscription);
    if (accountToken) connection.emit('subscribe', { channel: 'account', token: accountToken });
    notifyConnection(true);
  });
  // The user's own events: 'trade' (one of their orders changed), 'account' (an operator
  // decided one of their requests: a deposit, a withdrawal, a loan) and 'session:ended' (the
  // session ended elsewhere — a password changed on another phone — and the server took this
  // socket out of the room; reading the account again meets the 401 that signs this device out).
  for (const event of ['trade', 'account', 'session:ended']) {
    connection.on(event, (payload: unknown) => {
      for (const handler of accountHandlers) handler(payload);
    });
  }
  connection.on('disconnect', (reason) => {
    notifyConnection(false);
    // A server that sends its clients away does not bring them back: try again after the usual delay.
    if (reason === 'io server disconnect') {
      setTimeout(() => {
        if (socket === connection && !connection.connected) connection.connect();
      }, connection.io.reconnectionDelay());
    }
  });
  for (const channel of Object.keys(handlers) as Channel[]) {
    connection.on(channel, (payload: unknown) => {
      for (const handler of handlers[channel]) handler(payload);
    });
  }
}

/** Unsubscribes everything and disconnects (logout, app teardown). */
export function stop(): void {
  generation++;
  const connection = socket;
  socket = null;
  if (connection?.connected) {
    for (const subscription of subscriptions.values()) connection.emit('unsubscribe', subscription);
  }
  subscriptions.clear();
  accountToken = null;
  if (connection) {
    connection.removeAllListeners();
    connection.disconnect();
    notifyConnection(false);
  }
}

export function isConnected(): boolean {
  return socket?.connected ?? false;
}

/**
 * Subscribes while connected and remembers it for reconnects. While not connected it is refused
 * (false): a screen learns of the connection through onConnectionChange and subscribes then.
 */
export function subscribe(channel: 'kline', period: string, symbol?: string): boolean;
export function subscribe(channel: 'daymarket'): boolean;
export function subscribe(channel: Channel, period?: string, symbol?: string): boolean {
  if (!socket?.connected) {
    console.warn(`[realtime] not connected: subscription to ${channel}${symbol ? ` ${symbol}` : ''}${period ? ` ${period}` : ''} refused`);
    return false;
  }
  const subscription: Subscription = { channel, ...(period ? { period } : {}), ...(symbol ? { symbol } : {}) };
  const key = subscriptionKey(subscription);
  if (!subscriptions.has(key)) {
    subscriptions.set(key, subscription);
    socket.emit('subscribe', subscription);
  }
  return true;
}

/** Forgets the subscription; tells the server only when connected (it forgets on disconnect). */
export function unsubscribe(channel: 'kline', period: string, symbol?: string): void;
export function unsubscribe(channel: 'daymarket'): void;
export function unsubscribe(channel: Channel, period?: string, symbol?: string): void {
  const key = subscriptionKey({ channel, period, symbol });
  const subscription = subscriptions.get(key);
  if (!subscription) return;
  subscriptions.delete(key);
  if (socket?.connected) socket.emit('unsubscribe', subscription);
}

/** The remembered subscriptions, e.g. ['kline:1min', 'kline:btcusdt:5min', 'daymarket']. */
export function subscribed(): string[] {
  return [...subscriptions.keys()];
}

/** Listens to a channel's events; returns the function that stops listening. */
export function on(channel: Channel, handler: RealtimeHandler): () => void {
  handlers[channel].add(handler);
  return () => handlers[channel].delete(handler);
}

/**
 * Receives the private events of the session with this token (null: none any more). Remembered
 * for reconnects; sent at once when connected.
 */
export function joinAccount(token: string | null): void {
  if (token === accountToken) return;
  const previous = accountToken;
  accountToken = token;
  if (!socket?.connected) return;
  if (token) socket.emit('subscribe', { channel: 'account', token });
  else if (previous) socket.emit('unsubscribe', { channel: 'account', token: previous });
}

/** Listens to the user's own events ('trade' { orderId, status }, 'account' { change }); returns the function that stops listening. */
export function onAccountEvent(handler: RealtimeHandler): () => void {
  accountHandlers.add(handler);
  return () => accountHandlers.delete(handler);
}

/** Called with true on every (re)connect and false on every disconnect. */
export function onConnectionChange(handler: (connected: boolean) => void): () => void {
  connectionHandlers.add(handler);
  return () => connectionHandlers.delete(handler);
}

function notifyConnection(connected: boolean): void {
  for (const handler of connectionHandlers) handler(connected);
}
