/**
 * How an operator's session travels (docs/ops-console.md, "Session"). The browser console holds it
 * in a cookie no script can read (`HttpOnly`, `SameSite=Strict`, sent only to /api/ops, `Secure`
 * unless the console is opened on the machine itself); the command line sends it as a bearer
 * token. A change made with the cookie must also carry `X-CSRF-Token`: a value derived from the
 * session's token that the console reads from GET /api/ops/session, which no other site can read
 * (same-origin), so a form or script elsewhere cannot make the operator's browser act.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const OPERATOR_COOKIE = 'tessera_ops';
export const CSRF_HEADER = 'x-csrf-token';
const COOKIE_PATH = '/api/ops';

/** Where a request's operator token came from, or null when it has none. */
export interface OperatorCredential {
  token: string;
  via: 'bearer' | 'cookie';
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value.length > 0 && value.length <= 200 && /^[A-Za-z0-9_-]+$/.test(value) ? value : null;
  }
  return null;
}

/** The bearer token when there is one (the command line), else the console's cookie. */
export function operatorCredential(request: FastifyRequest, bearer: string | null): OperatorCredential | null {
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = cookieValue(request.headers.cookie, OPERATOR_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The CSRF value of a session: a digest of its token, so it needs no column and ends with it. */
export function csrfTokenOf(token: string): string {
  return crypto.createHash('sha256').update(`csrf:${token}`, 'utf8').digest('base64url');
}

/** A change made with the cookie must carry its CSRF value; a bearer token needs none (no browser sends it by itself). */
export function csrfHolds(request: FastifyRequest, credential: OperatorCredential): boolean {
  if (credential.via === 'bearer' || request.method === 'GET' || request.method === 'HEAD') return true;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(credential.token));
  const given = Buffer.from(sent);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Secure everywhere but on the machine itself, where the console may be opened over plain http. */
function secureFor(request: FastifyRequest): boolean {
  return request.protocol === 'https' || !LOOPBACK.has(request.hostname.replace(/:\d+$/, ''));
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const parts = [`${OPERATOR_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (secureFor(request)) parts.push('Secure');
  return parts.join('; ');
}

export function setOperatorCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date, now: Date): void {
  reply.header('set-cookie', cookie(request, token, Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))));
}

export function clearOperatorCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', 0));
}
