/**
 * The pixel size an image declares in its header, read from the bytes without decoding a
 * pixel: PNG (IHDR), JPEG (the SOF segment), WebP (VP8, VP8L, VP8X) and HEIC/HEIF (the `ispe`
 * properties of the `meta` box). A few kilobytes can declare 65535 × 65535 pixels, a
 * decompression bomb for whoever shows the image (the PWA, the operators' tools); uploads are
 * refused above IMAGE_LIMITS. A header that cannot be read to its size is no image: null.
 */

/** At most 10,000 pixels a side and 40 megapixels: more than any phone photo within the 2 MB upload limit. */
export const IMAGE_LIMITS = { maxSide: 10_000, maxPixels: 40_000_000 } as const;

export interface ImageSize {
  width: number;
  height: number;
}

export function exceedsImageLimits({ width, height }: ImageSize): boolean {
  return width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels;
}

const sized = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): ImageSize | null {
  // Signature, then the first chunk must be IHDR: length 13, width and height as 32-bit big-endian.
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return sized(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): not DHT (C4), JPG (C8), DAC (CC). */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Any number of fill bytes may precede a marker.
    while (offset < bytes.length && bytes[offset] === 0xff) offset++;
    if (offset >= bytes.length) return null;
    const marker = bytes[offset++];
    // Markers without a segment: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // The image data or its end came before any frame header: no size declared.
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    if (offset + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) {
      // Length, precision (1), height (2), width (2).
      if (length < 7 || offset + 7 > bytes.length) return null;
      return sized(bytes.readUInt16BE(offset + 5), bytes.readUInt16BE(offset + 3));
    }
    offset += length;
  }
  return null;
}

function webpSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale each).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return sized(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Signature 0x2F, then width − 1 and height − 1 in 14 bits each, little-endian.
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Flags (1), reserved (3), canvas width − 1 and height − 1 in 24 bits each.
    return sized(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}

interface Box {
  type: string;
  /** Where the box's content starts and where the box ends. */
  start: number;
  end: number;
}

/** The boxes of an ISO BMFF byte range; null when a box runs past it. */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] | null {
  const boxes: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let start = offset + 8;
    if (size === 1) {
      // A 64-bit size follows; anything past the buffer is cut off anyway.
      if (offset + 16 > to) return null;
      const large = bytes.readBigUInt64BE(offset + 8);
      size = large > BigInt(to - offset) ? Number.MAX_SAFE_INTEGER : Number(large);
      start = offset + 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < start - offset || offset + size > to) return null;
    boxes.push({ type, start, end: offset + size });
    offset += size;
  }
  return boxes;
}

/**
 * HEIC/HEIF: every image item's size is an `ispe` property in meta → iprp → ipco. One past the
 * limits counts, else the largest (the primary image, or the grid its tiles make up), so a small
 * thumbnail cannot hide a bomb.
 */
function heifSize(bytes: Buffer): ImageSize | null {
  const top = boxesIn(bytes, 0, bytes.length);
  const meta = top?.find((box) => box.type === 'meta');
  if (!meta) return null;
  // meta is a full box: version and flags before its children.
  const iprp = boxesIn(bytes, meta.start + 4, meta.end)?.find((box) => box.type === 'iprp');
  const ipco = iprp && boxesIn(bytes, iprp.start, iprp.end)?.find((box) => box.type === 'ipco');
  const properties = ipco && boxesIn(bytes, ipco.start, ipco.end);
  if (!properties) return null;
  const sizes: ImageSize[] = [];
  for (const box of properties) {
    if (box.type !== 'ispe') continue;
    // Version and flags (4), width (4), height (4).
    if (box.end - box.start < 12) return null;
    const size = sized(bytes.readUInt32BE(box.start + 4), bytes.readUInt32BE(box.start + 8));
    if (!size) return null;
    sizes.push(size);
  }
  if (sizes.length === 0) return null;
  return sizes.find(exceedsImageLimits) ?? sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
}

const READERS: Record<string, (bytes: Buffer) => ImageSize | null> = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
  'image/heic': heifSize,
  'image/heif': heifSize,
};

/** The declared size of an image of `mime` (as detected from its bytes); null when unreadable. */
export function imageSizeOf(bytes: Buffer, mime: string): ImageSize | null {
  const read = READERS[mime];
  if (!read) return null;
  try {
    return read(bytes);
  } catch {
    // A read past the end of a cut header (RangeError): unreadable, like any broken header.
    return null;
  }
}
