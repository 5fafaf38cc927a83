/**
 * A socket lives only as long as the session it joined a private room with. A socket keeps the id
 * of the user session that let it into its account room and of the operator session that let it
 * into the operators' room (`socket.data`); when that session ends, the socket leaves the room and
 * hears `session:ended` (the app and the console then drop what the session showed).
 *
 * When it is checked, in every process for its own sockets:
 * - at once after a call that ends sessions has answered (committed): logout, password change or
 *   reset, the user ending one of their sessions or all the others, an operator ending a user's sessions, an operator's own logout, password change,
 *   ended sessions or a disabled operator;
 * - on PostgreSQL, in every process at once when a user session ends anywhere (the NOTIFY the
 *   session cache already hears, auth/session-cache.ts);
 * - every SOCKET_SESSION_SWEEP_SECONDS (15), which also catches sessions that only expired or went idle.
 */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { SESSIONS_ENDED } from '../modules/auth';

/** What a connection keeps: the sessions that let it into its private rooms. */
export interface SocketData {
  userSession?: number;
  opsSession?: number;
}

/** Calls that end sessions (their own or others'), by method and route. */
const ENDS_SESSIONS = new Set([
  'GET /api/user/logout',
  'POST /api/user/forget',
  'POST /api/safe/update_password',
  'POST /api/safe/sessions/end',
  'POST /api/safe/sessions/end_others',
  'POST /api/ops/users/sessions/end',
  'POST /api/ops/logout',
  'POST /api/ops/logout/all',
  'POST /api/ops/sessions/end',
  'POST /api/ops/password',
  'POST /api/ops/operators/disable',
]);

type OpenOf = (ids: readonly number[]) => Promise<Set<number>>;

/**
 * This process's sockets whose session ended leave the room it opened, and hear `session:ended`
 * once: each is looked at again after the database answered, so two sweeps at the same time (the
 * call's own and the NOTIFY's) tell it once.
 */
export async function sweepSessionSockets(io: Server, opsRoom: string, open: { users: OpenOf; operators: OpenOf }): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  const data = (socket: (typeof sockets)[number]) => socket.data as SocketData;
  const accountRooms = (socket: (typeof sockets)[number]) => [...socket.rooms].filter((room) => room.startsWith('account:'));
  const inAccount = sockets.filter((socket) => data(socket).userSession !== undefined && accountRooms(socket).length > 0);
  const inOps = sockets.filter((socket) => data(socket).opsSession !== undefined && socket.rooms.has(opsRoom));
  if (inAccount.length === 0 && inOps.length === 0) return;
  const [users, operators] = await Promise.all([
    open.users([...new Set(inAccount.map((socket) => data(socket).userSession!))]),
    open.operators([...new Set(inOps.map((socket) => data(socket).opsSession!))]),
  ]);
  for (const socket of inAccount) {
    const rooms = accountRooms(socket);
    if (rooms.length === 0 || users.has(data(socket).userSession!)) continue;
    for (const room of rooms) void socket.leave(room);
    socket.emit('session:ended', { room: 'account' });
  }
  for (const socket of inOps) {
    if (!socket.rooms.has(opsRoom) || operators.has(data(socket).opsSession!)) continue;
    void socket.leave(opsRoom);
    socket.emit('session:ended', { room: opsRoom });
  }
}

export async function registerSessionSweeps(app: FastifyInstance): Promise<void> {
  const sweep = () => void app.realtime.sweepSessions().catch((error: unknown) => app.log.error({ err: error }, 'socket.io: the sessions of the private rooms could not be checked'));
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 200 && ENDS_SESSIONS.has(`${request.method} ${request.routeOptions.url}`)) sweep();
  });
  const timer = setInterval(sweep, app.deps.config.socket.sessionSweepSeconds * 1000);
  timer.unref();
  const stopListening = app.deps.listen ? await app.deps.listen(SESSIONS_ENDED, sweep, () => undefined).catch(() => null) : null;
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await stopListening?.();
  });
}
