/**
 * A reply kept in memory with its serialised envelope, its ETag and its compressed copies: what a
 * read whose answer has not changed sends again without reading, serialising or compressing it
 * once more (the candles' closed ranges, a user's pages of records). A client that names the ETag
 * in If-None-Match gets 304 and no body (apiRoute's `validators`).
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { okEnvelope } from '../../src/domain/envelope';
import { checkReply, SENT } from './api-route';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding of a reply to `accept` (Accept-Encoding): brotli, else gzip, else none; a q of 0 refuses one. */
export function encodingFor(accept: string | undefined): Encoding {
  const taken = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) taken.add(name);
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return 'identity';
}

/** Does If-None-Match (`header`) name `etag`? A list, `*` and weak tags count (RFC 9110's weak comparison). */
export function namesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** A reply's envelope serialised once, its ETag, and its bytes per encoding made once when first asked. */
export class KeptReply {
  readonly json: string;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(data: unknown) {
    this.json = JSON.stringify(okEnvelope(data));
    this.etag = `"${crypto.createHash('sha256').update(this.json).digest('base64url').slice(0, 27)}"`;
  }

  /** The reply's bytes in `encoding` (brotli at quality 4, as the server's other compressed replies). */
  body(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      const raw = Buffer.from(this.json);
      body =
        encoding === 'br'
          ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : encoding === 'gzip'
            ? gzip(raw)
            : Promise.resolve(raw);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * Answers with a kept reply from a route declared with `validators` (its handler returns what this
 * returns, SENT): its ETag, `no-cache` (a client
 * keeps it and asks again each time, naming it), 304 when If-None-Match names it, else its bytes,
 * compressed as the client takes them. `personal`: the reply is the signed-in
 * user's (`private`, and it varies with the Authorization header). In the tests (checkReplies) the
 * kept reply is checked against its documented schema, as apiRoute checks every other.
 */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptReply, schema: z.ZodType, personal = false): Promise<typeof SENT> {
  if (request.server.deps.checkReplies) checkReply(request, schema, (JSON.parse(kept.json) as { data: unknown }).data);
  void reply
    .header('etag', kept.etag)
    .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
    .header('vary', personal ? 'authorization, accept-encoding' : 'accept-encoding');
  if (namesEtag(request.headers['if-none-match'], kept.etag)) {
    await reply.code(304).send();
    return SENT;
  }
  // Compressed whatever its size (app.ts compresses only larger replies): a kept reply is compressed once, not per request.
  const encoding = encodingFor(request.headers['accept-encoding']);
  void reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  await reply.send(await kept.body(encoding));
  return SENT;
}
