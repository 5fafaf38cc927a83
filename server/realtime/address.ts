/**
 * The client address of a raw Node request, read by the same library and rules as Fastify's
 * `request.ip` under the same TRUST_PROXY setting (socket.io's handshake never reaches Fastify):
 * behind trusted proxies the nearest address of X-Forwarded-For that is not one of them, else
 * the socket's peer.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** IPv4 addresses arrive as ::ffff:a.b.c.d on dual-stack sockets: counted as the one address. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** TRUST_PROXY as Fastify turns it into a trust function. */
function trustOf(trustProxy: boolean | number | string[]): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  if (Array.isArray(trustProxy)) return proxyAddr.compile(trustProxy);
  return () => false;
}

export function clientAddressOf(trustProxy: boolean | number | string[]): (request: IncomingMessage) => string {
  const trust = trustOf(trustProxy);
  return (request) => plainAddress(proxyAddr(request, trust) ?? '');
}
