/**
 * Reading the multipart forms of the upload calls (avatar, deposit proof) and what every early
 * refusal owes the connection. A form is read to its end, so a body without a boundary, cut off
 * before its closing delimiter or broken inside a part is refused with upload.incomplete (400)
 * instead of ending in the parser's own errors (500) or passing as "no file".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../src/domain/errors';
import { isLocale } from '../../src/domain/locales';
import { hasBadCharacters } from './input-guard';
import { Refusal } from '../errors';

export interface UploadForm {
  /** The text fields, `lang` taken out (it chose the reply's language). */
  fields: Record<string, string>;
  /** The one file, named by the call's file field; null when none came. */
  file: Buffer | null;
}

export interface UploadLimits {
  fileField: string;
  maxBytes: number;
}

const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i;

const incomplete = () => new AppError('upload.incomplete', 400);

/**
 * Whether an error comes from the multipart parser meeting a malformed body ("Boundary not
 * found", "Part terminated early", a file stream closed before its end): errors without a
 * status. The plugin's own limits carry statuses and keep their refusals (413).
 */
function isParserError(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  return statusCode === undefined && (code === undefined || code === 'ERR_STREAM_PREMATURE_CLOSE');
}

/**
 * Reads the whole form: its text fields and one file in `fileField`. Past `maxBytes` the file is
 * refused (FST_REQ_FILE_TOO_LARGE, 413 upload.tooLarge); a second file or too many fields by the
 * limits (413); a file under another name is an unknown field; a field with control characters
 * is request.badCharacters, like the same text in JSON.
 */
export async function readUploadForm(request: FastifyRequest, limits: UploadLimits): Promise<UploadForm> {
  const match = BOUNDARY.exec(request.headers['content-type'] ?? '');
  if (request.isMultipart() && !match) throw incomplete();
  const closing = Buffer.from(`--${match?.[1] ?? match?.[2] ?? ''}--`);
  // The last bytes of the body: a complete form ends with its closing delimiter (and a line break, or a short epilogue).
  let tail = Buffer.alloc(0);
  const keepTail = (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]).subarray(-(closing.length + 64));
  };

  const form: UploadForm = { fields: {}, file: null };
  try {
    const parts = request.parts({ limits: { fileSize: limits.maxBytes, files: 1, fields: 4, parts: 5 } });
    // After parts(): the parser is piped first and gets every byte; events come on a later tick.
    request.raw.on('data', keepTail);
    for await (const part of parts) {
      if (hasBadCharacters(part.fieldname)) throw new AppError('request.badCharacters', 400);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== limits.fileField) throw new Refusal('request.unknownField', 400, { params: { field: part.fieldname } });
        form.file = bytes;
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('request.invalid', 400);
      const value = String(part.value);
      if (hasBadCharacters(value)) throw new AppError('request.badCharacters', 400);
      if (part.fieldname === 'lang') {
        // Like JSON's `lang`: it chooses the language of the reply and is not an input field.
        if (isLocale(value)) request.resolvedLocale = value;
        continue;
      }
      form.fields[part.fieldname] = value;
    }
  } catch (error) {
    if (isParserError(error)) throw incomplete();
    throw error;
  } finally {
    request.raw.off('data', keepTail);
  }
  // The parser ends a form cut off between parts as if it were complete: the tail tells.
  if (!tail.includes(closing)) throw incomplete();
  return form;
}

/**
 * A reply sent before the request's body was read to its end (a refused upload: too large, no
 * session, wrong type) closes the connection. Kept alive, the unread rest of the body would be
 * taken for the next request on it, which then never gets an answer; the client opens a new
 * connection instead.
 */
export function registerUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
}
