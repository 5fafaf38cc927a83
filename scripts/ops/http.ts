/**
 * The session file and the calls to /api/ops of the running server. Never the database: the
 * embedded PGlite belongs to the server's process and a second process must not open it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Envelope } from '../../src/domain/envelope';
import { IDEMPOTENCY_HEADER } from '../../src/domain/ledger';
import { option, type Args } from './args';

export interface SavedSession {
  url: string;
  username: string;
  token: string;
  expiresAt: string;
}

/** The server refused or could not be reached: printed as "error: …", exit code 1. */
export class ServerRefusal extends Error {}

const dataDir = () => path.resolve(process.env.DATA_DIR || './data');
export const sessionFile = () => path.join(dataDir(), 'ops-session.json');

export function readSession(): SavedSession | null {
  try {
    return JSON.parse(fs.readFileSync(sessionFile(), 'utf8')) as SavedSession;
  } catch {
    return null;
  }
}

export function saveSession(session: SavedSession): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  const file = sessionFile();
  fs.writeFileSync(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  // An existing file keeps its old mode on write: a bearer token is for this user only.
  fs.chmodSync(file, 0o600);
}

export function forgetSession(): void {
  fs.rmSync(sessionFile(), { force: true });
}

export function signedInSession(): SavedSession {
  const session = readSession();
  if (!session) throw new ServerRefusal('not signed in: npm run ops -- login --user NAME');
  return session;
}

export function baseUrl(args: Args): string {
  const url = option(args, 'url') ?? readSession()?.url ?? `http://127.0.0.1:${process.env.PORT || '8080'}`;
  return url.replace(/\/+$/, '');
}

export interface SendOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  token?: string;
  idempotencyKey?: string;
}

export async function send(url: string, method: 'GET' | 'POST', route: string, options: SendOptions = {}): Promise<Response> {
  const target = new URL(`${url}/api/ops${route}`);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) target.searchParams.set(name, value);
  try {
    return await fetch(target, {
      method,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    const reason = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
    throw new ServerRefusal(`cannot reach the server at ${url} (${reason}); is it running (npm start)? Another address: --url`);
  }
}

/** A call with the saved session; the reply's data, or a ServerRefusal with the server's message. */
export async function call<T>(args: Args, method: 'GET' | 'POST', route: string, options: Omit<SendOptions, 'token'> = {}): Promise<T> {
  const session = signedInSession();
  return dataOf<T>(await send(baseUrl(args), method, route, { ...options, token: session.token }));
}

export async function dataOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ServerRefusal(`unexpected answer (HTTP ${response.status}): ${text.slice(0, 200)}`);
  }
  if (envelope.type === 'ok') return envelope.data as T;
  const hint = envelope.key?.startsWith('session.') ? ' — sign in again: npm run ops -- login --user NAME' : '';
  throw new ServerRefusal(`${envelope.message}${envelope.key ? ` [${envelope.key}]` : ''}${hint}`);
}

/**
 * Saves an image the operator API answers with (a payment proof, an identity document) to --out
 * or `<name>.<type>`, readable by the operator only; its path. A refusal comes as the envelope.
 */
export async function saveImage(args: Args, route: string, query: Record<string, string>, name: string): Promise<string> {
  const { token } = signedInSession();
  const response = await send(baseUrl(args), 'GET', route, { query, token });
  // Anything but an image is the envelope of a refusal: dataOf throws it.
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) await dataOf(response);
  const extension = (response.headers.get('content-type') ?? 'image/bin').split('/')[1].replace('jpeg', 'jpg');
  const out = option(args, 'out') ?? `${name}.${extension}`;
  fs.writeFileSync(out, Buffer.from(await response.arrayBuffer()), { mode: 0o600 });
  return out;
}
