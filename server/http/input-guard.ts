/**
 * One rule at the edge for every request: text with control characters (other than tab, line
 * feed and carriage return) or lone UTF-16 surrogates is refused before any route sees it.
 * PostgreSQL cannot store NUL in text at all, and nothing a person types contains the others,
 * so such input is an attack or a bug — answered 400 request.badCharacters, not a 500 from deep
 * inside a query. Covers the JSON body (keys and values), the query and the path parameters;
 * multipart fields are read by their handlers, which check them with `hasBadCharacters`.
 * Headers need no check: Node's parser already refuses control characters in them.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../src/domain/errors';

// Control characters are exactly what this rule is about.
// eslint-disable-next-line no-control-regex
const BAD_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasBadCharacters(text: string): boolean {
  return BAD_CHARACTERS.test(text);
}

/** Any string in the value, at any depth (walked with a stack: deep nesting cannot overflow it). */
function containsBadText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (hasBadCharacters(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, entry] of Object.entries(item)) {
        if (hasBadCharacters(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

export function registerInputGuard(app: FastifyInstance): void {
  // The first preValidation hook: before the session check, so a login name cannot reach a query either.
  app.addHook('preValidation', async (request) => {
    if (containsBadText(request.params) || containsBadText(request.query) || containsBadText(request.body)) {
      throw new AppError('request.badCharacters', 400);
    }
  });
}
