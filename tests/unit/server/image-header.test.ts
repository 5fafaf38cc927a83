/**
 * The pixel size read from image headers, for every accepted format, without decoding: the
 * declared size of real and hand-made headers, bombs recognised, and cut or broken headers
 * answered "unreadable" (null) rather than a crash or a made-up size.
 */
import { describe, expect, test } from 'vitest';
import { exceedsImageLimits, IMAGE_LIMITS, imageSizeOf } from '../../../server/storage/image-header';

const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const be16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const le16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const le24 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);

/** A real 1×1 PNG. */
const REAL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function png(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([be32(width), be32(height), Buffer.from([8, 6, 0, 0, 0])]);
  return Buffer.concat([REAL_PNG.subarray(0, 8), be32(13), Buffer.from('IHDR'), ihdr, be32(0), Buffer.alloc(4000)]);
}

function jpeg(width: number, height: number, sof = 0xc0): Buffer {
  const segment = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), be16(body.length + 2), body]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xdb, Buffer.alloc(65)),
    // A Huffman table (C4) sits in the SOF range of markers but declares no size.
    segment(0xc4, Buffer.alloc(20, 1)),
    // Fill bytes before a marker are allowed.
    Buffer.from([0xff, 0xff]),
    segment(sof, Buffer.concat([Buffer.from([8]), be16(height), be16(width), Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])])),
    segment(0xda, Buffer.alloc(10)),
    Buffer.alloc(100),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), Buffer.from(chunk, 'latin1'), Buffer.from([data.length & 0xff, (data.length >> 8) & 0xff, 0, 0]), data]);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.from([body.length & 0xff, (body.length >> 8) & 0xff, 0, 0]), body]);
}

const webpLossy = (width: number, height: number) => riff('VP8 ', Buffer.concat([Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]), le16(width), le16(height), Buffer.alloc(40)]));

function webpLossless(width: number, height: number): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const field = Buffer.alloc(4);
  field.writeUInt32LE(bits >>> 0);
  return riff('VP8L', Buffer.concat([Buffer.from([0x2f]), field, Buffer.alloc(40)]));
}

const webpExtended = (width: number, height: number) => riff('VP8X', Buffer.concat([Buffer.from([0x10, 0, 0, 0]), le24(width - 1), le24(height - 1), Buffer.alloc(40)]));

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([be32(body.length + 8), Buffer.from(type, 'latin1'), body]);
}
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
const ispe = (width: number, height: number) => fullBox('ispe', be32(width), be32(height));

/** A HEIC: ftyp, then meta with a handler and the item properties: a thumbnail and the image. */
function heic(width: number, height: number, thumbnail = { width: 1, height: 1 }): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.from('heic'), be32(0), Buffer.from('mif1heic')),
    fullBox('meta', fullBox('hdlr', be32(0), Buffer.from('pict'), Buffer.alloc(13)), box('iprp', box('ipco', ispe(thumbnail.width, thumbnail.height), ispe(width, height)))),
    box('mdat', Buffer.alloc(64)),
  ]);
}

const formats: Array<[string, string, (w: number, h: number) => Buffer]> = [
  ['PNG', 'image/png', png],
  ['JPEG baseline', 'image/jpeg', (w, h) => jpeg(w, h, 0xc0)],
  ['JPEG progressive', 'image/jpeg', (w, h) => jpeg(w, h, 0xc2)],
  ['WebP lossy (VP8)', 'image/webp', webpLossy],
  ['WebP lossless (VP8L)', 'image/webp', webpLossless],
  ['WebP extended (VP8X)', 'image/webp', webpExtended],
  ['HEIC', 'image/heic', heic],
];

describe.each(formats)('%s', (_name, mime, make) => {
  test('reads the declared size', () => {
    expect(imageSizeOf(make(1200, 800), mime)).toEqual({ width: 1200, height: 800 });
    expect(imageSizeOf(make(1, 1), mime)).toEqual({ width: 1, height: 1 });
  });

  test('a bomb declares more than the limits', () => {
    // VP8 and VP8L have 14 bits a side: 16383 is their largest.
    const side = mime === 'image/webp' ? 16_383 : 65_535;
    const size = imageSizeOf(make(side, side), mime);
    expect(size).toEqual({ width: side, height: side });
    expect(exceedsImageLimits(size!)).toBe(true);
  });

  test('a header cut anywhere is unreadable or still the same size, never a crash', () => {
    const whole = make(4000, 3000);
    for (let length = 0; length < whole.length; length++) {
      const size = imageSizeOf(whole.subarray(0, length), mime);
      if (size !== null) expect(size).toEqual({ width: 4000, height: 3000 });
    }
    // Cut before the size is declared: nothing to read.
    expect(imageSizeOf(whole.subarray(0, 12), mime)).toBeNull();
  });
});

test('the real 1×1 PNG', () => {
  expect(imageSizeOf(REAL_PNG, 'image/png')).toEqual({ width: 1, height: 1 });
});

test('the limits: 10,000 pixels a side and 40 megapixels', () => {
  expect(IMAGE_LIMITS).toEqual({ maxSide: 10_000, maxPixels: 40_000_000 });
  expect(exceedsImageLimits({ width: 8000, height: 5000 })).toBe(false);
  expect(exceedsImageLimits({ width: 8000, height: 5001 })).toBe(true);
  expect(exceedsImageLimits({ width: 10_001, height: 10 })).toBe(true);
  expect(exceedsImageLimits({ width: 10, height: 10_001 })).toBe(true);
});

test('a zero size, a JPEG whose image data comes before any frame header, and an unknown type are unreadable', () => {
  expect(imageSizeOf(png(0, 100), 'image/png')).toBeNull();
  expect(imageSizeOf(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x04, 0, 0, 0xff, 0xd9]), 'image/jpeg')).toBeNull();
  expect(imageSizeOf(png(10, 10), 'image/gif')).toBeNull();
});

test('HEIC: a small thumbnail cannot hide a bomb, and a box running past the file is unreadable', () => {
  expect(imageSizeOf(heic(65_535, 65_535, { width: 100, height: 100 }), 'image/heic')).toEqual({ width: 65_535, height: 65_535 });
  const broken = heic(100, 100);
  broken.writeUInt32BE(0x7fffffff, 24 + 0); // the meta box claims 2 GB
  expect(imageSizeOf(broken, 'image/heic')).toBeNull();
});
