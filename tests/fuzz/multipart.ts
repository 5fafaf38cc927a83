/**
 * Multipart bodies written by hand, so they can be wrong the ways a browser never is: no
 * boundary, cut off, too many fields, two files, odd part headers; and images whose few bytes
 * declare billions of pixels (decompression bombs).
 */
import fc from 'fast-check';
import { PNG } from '../api/harness';
import { png } from '../fixtures/png';

export interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  type?: string;
  /** Replaces the part's header lines (odd or missing Content-Disposition). */
  rawHeaders?: string;
}

export interface MultipartBody {
  kind: 'multipart';
  parts: Part[];
  boundary: string;
  /** The Content-Type header; `multipart/form-data; boundary=<boundary>` when absent. */
  contentType?: string;
  /** Keep only this many bytes of the encoded body (an upload cut off early). */
  cutAt?: number;
  /** Leave out the closing `--boundary--`. */
  noClosing?: boolean;
  /** Bare \n instead of \r\n. */
  bareNewlines?: boolean;
}

export function encodeMultipart(body: MultipartBody): { bytes: Buffer; contentType: string } {
  const newline = body.bareNewlines ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  for (const part of body.parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = part.rawHeaders ?? [disposition, ...(part.type ? [`Content-Type: ${part.type}`] : [])].join(newline);
    chunks.push(Buffer.from(`--${body.boundary}${newline}${headers}${newline}${newline}`, 'utf8'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : Buffer.from(part.value));
    chunks.push(Buffer.from(newline));
  }
  if (!body.noClosing) chunks.push(Buffer.from(`--${body.boundary}--${newline}`));
  const bytes = Buffer.concat(chunks);
  return {
    bytes: body.cutAt === undefined ? bytes : bytes.subarray(0, Math.min(body.cutAt, bytes.length)),
    contentType: body.contentType ?? `multipart/form-data; boundary=${body.boundary}`,
  };
}

/** A valid PNG header declaring width × height RGBA pixels, with a tiny compressed row. */
export function pngBomb(width: number, height: number): Buffer {
  return png(width, height, Buffer.alloc(4096), 'rgba');
}

/** A baseline JPEG whose frame header declares 65535 × 65535. */
export function jpegBomb(): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xff, 0xff, 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...new Array<number>(512).fill(0), 0xff, 0xd9]);
}

/** A WebP (VP8X) canvas of 16384 × 16384. */
export function webpBomb(): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(16383, 4, 3);
  vp8x.writeUIntLE(16383, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const body = Buffer.concat([Buffer.from('WEBP'), chunk, Buffer.alloc(256)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
}

export interface ImageFile {
  label: string;
  bytes: Buffer;
  /** A bomb: the server must refuse it (issue 11, point 6), not store it. */
  bomb: boolean;
}

export const IMAGE_FILES: ImageFile[] = [
  { label: 'PNG 65535×65535', bytes: pngBomb(65535, 65535), bomb: true },
  { label: 'PNG 2147483647×2147483647', bytes: pngBomb(0x7fffffff, 0x7fffffff), bomb: true },
  { label: 'PNG 100000×1', bytes: pngBomb(100_000, 1), bomb: true },
  { label: 'JPEG 65535×65535', bytes: jpegBomb(), bomb: true },
  { label: 'WebP 16384×16384', bytes: webpBomb(), bomb: true },
];

/** Files that are not what they claim, or nothing. */
export const ODD_FILES: Array<{ label: string; bytes: Buffer }> = [
  { label: 'empty', bytes: Buffer.alloc(0) },
  { label: 'text', bytes: Buffer.from('not an image at all') },
  { label: 'PNG signature only', bytes: PNG.subarray(0, 8) },
  { label: 'PNG cut in IHDR', bytes: PNG.subarray(0, 20) },
  { label: 'PNG 0×0', bytes: pngBomb(0, 0) },
  { label: 'SVG', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
  { label: 'GIF', bytes: Buffer.from('GIF89a\xff\xff\xff\xff\x00\x00\x00', 'latin1') },
  { label: 'NULs', bytes: Buffer.alloc(4096) },
];

export const boundaryArb = fc.constantFrom('----fuzzBoundary7MA4YWxk', 'x', '----' + 'b'.repeat(70), 'a b', '"quoted"');
