/**
 * The client address of a raw Node request, read the way Fastify reads `request.ip` under the
 * same TRUST_PROXY setting (socket.io's handshake never reaches Fastify): behind trusted proxies
 * the nearest address of X-Forwarded-For that is not one of them, else the socket's peer.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The names proxy-addr (Fastify's trustProxy) accepts for common ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** IPv4 addresses arrive as ::ffff:a.b.c.d on dual-stack sockets. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function trustedList(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) continue;
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    return isIP(address) !== 0 && list.check(address, family);
  };
}

export function clientAddressOf(trustProxy: boolean | number | string[]): (request: IncomingMessage) => string {
  const isTrusted = Array.isArray(trustProxy) ? trustedList(trustProxy) : null;
  return (request) => {
    const peer = plain(request.socket.remoteAddress ?? '');
    if (trustProxy === false || trustProxy === 0) return peer;
    const header = request.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => plain(part.trim()))
      .filter(Boolean);
    // Nearest first: the peer, then the proxies' entries from right to left.
    const chain = [peer, ...forwarded.reverse()];
    if (trustProxy === true) return chain[chain.length - 1];
    if (typeof trustProxy === 'number') return chain[Math.min(trustProxy, chain.length - 1)];
    let hop = 0;
    while (hop < chain.length - 1 && isTrusted!(chain[hop])) hop += 1;
    return chain[hop];
  };
}
