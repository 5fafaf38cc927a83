/** The Redis of the test machine (127.0.0.1:6379), spoken to directly: is it there, who is connected. */
import net from 'node:net';

export const REDIS = { host: '127.0.0.1', port: 6379, url: 'redis://127.0.0.1:6379' };

/** Sends one command to Redis; null when it does not answer within half a second. */
export function redisCommand(command: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(REDIS.port, REDIS.host);
    let reply = '';
    const finish = (value: string | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(500, () => finish(null));
    socket.on('error', () => finish(null));
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.endsWith('\r\n')) finish(reply);
    });
  });
}

export async function redisAnswers(): Promise<boolean> {
  return (await redisCommand('PING'))?.startsWith('+PONG') ?? false;
}
