/** The client address socket.io counts connections by, under each TRUST_PROXY form. */
import type { IncomingMessage } from 'node:http';
import { expect, test } from 'vitest';
import { clientAddressOf } from '../../../server/realtime/address';

const request = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

test('without a trusted proxy the peer counts, whatever X-Forwarded-For claims', () => {
  expect(clientAddressOf(false)(request('::ffff:203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
});

test('TRUST_PROXY=true: the client the first proxy saw', () => {
  expect(clientAddressOf(true)(request('10.0.0.2', '198.51.100.1, 10.0.0.9'))).toBe('198.51.100.1');
  expect(clientAddressOf(true)(request('10.0.0.2'))).toBe('10.0.0.2');
});

test('a hop count trusts that many proxies and no more, so a forged entry further left is ignored', () => {
  expect(clientAddressOf(1)(request('10.0.0.2', '6.6.6.6, 198.51.100.1'))).toBe('198.51.100.1');
  expect(clientAddressOf(2)(request('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.3'))).toBe('198.51.100.1');
});

test('a list of proxies (addresses, CIDRs, named ranges): the nearest address not in it', () => {
  const of = clientAddressOf(['10.0.0.0/8', 'loopback']);
  expect(of(request('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.1.2.3'))).toBe('198.51.100.1');
  // A client that is not behind the proxies is itself.
  expect(of(request('198.51.100.9', '6.6.6.6'))).toBe('198.51.100.9');
});
