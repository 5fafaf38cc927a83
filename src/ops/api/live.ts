/**
 * The live queues: one socket.io connection while signed in, joined to the operators' room with a
 * ticket of the session (GET /api/ops/live/ticket; the cookie itself is for /api/ops only and no
 * script reads it), again on every reconnect. Each `queue:changed` refetches the queue counts and
 * every open list and detail of that queue, so a new deposit appears without a reload. When the
 * session ends anywhere, the server says `session:ended` and the desk goes to the sign-in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import type { OpsQueue } from '../../domain/operators';
import { opsGet } from './client';
import type { OpsSession } from './session';

export interface QueueCount {
  queue: OpsQueue;
  count: number;
  oldestAt: string | null;
}

export const queuesQuery = { queryKey: ['ops', 'queues'] as const, queryFn: () => opsGet<QueueCount[]>('/queues') };

export function useLiveQueues(session: OpsSession | null): { connected: boolean; counts: Partial<Record<string, number>> } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const counts = useQuery({ ...queuesQuery, enabled: session !== null, retry: false }).data;
  const sessionId = session?.sessionId;

  useEffect(() => {
    if (sessionId === undefined) return;
    const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
    const join = async () => {
      try {
        const { ticket } = await opsGet<{ ticket: string }>('/live/ticket');
        socket.emit('subscribe', { channel: 'ops', ticket }, (answer: { ok: boolean }) => setConnected(answer.ok));
      } catch {
        setConnected(false);
      }
    };
    socket.on('connect', () => void join());
    socket.on('disconnect', () => setConnected(false));
    // The server took the socket out of the room: the session ended (elsewhere, idle, or past its hours). Asking for it
    // answers 401, which sends the desk to the sign-in (client.ts).
    socket.on('session:ended', () => {
      setConnected(false);
      void opsGet('/session').catch(() => undefined);
    });
    socket.on('queue:changed', (payload: { queue?: string }) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'queues'] });
      if (payload.queue) void queryClient.invalidateQueries({ queryKey: ['ops', payload.queue] });
    });
    return () => {
      socket.disconnect();
      setConnected(false);
    };
  }, [sessionId, queryClient]);

  return { connected, counts: Object.fromEntries((counts ?? []).map((entry) => [entry.queue, entry.count])) };
}
