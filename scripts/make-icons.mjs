#!/usr/bin/env node
// Draws Tessera's app icons (public/icons/*.png) without an image library: a deep-teal tile
// with a 2×2 mosaic of rounded tesserae, one of them mint. Run: node scripts/make-icons.mjs
// "any" icons have rounded corners and a transparent outside; "maskable" ones fill the square
// and keep the mosaic inside the central safe circle (radius 40 %) that launchers never crop.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [15, 95, 92];
const WHITE = [244, 250, 249];
const MINT = [94, 234, 212];
const SAMPLES = 4; // 4×4 supersampling per pixel for smooth edges

/** Signed distance from (x, y) to a rounded rectangle centred at (cx, cy). */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - halfW + radius;
  const qy = Math.abs(y - cy) - halfH + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** The colour at a point of the unit square, or null when transparent. */
function paint(x, y, maskable) {
  if (!maskable && roundedRect(x, y, 0.5, 0.5, 0.5, 0.5, 0.22) > 0) return null;
  // The mosaic spans 44 % of the square (maskable) or 56 % (any), centred.
  const span = maskable ? 0.44 : 0.56;
  const gap = span * 0.1;
  const tile = (span - gap) / 2;
  const start = 0.5 - span / 2;
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 2; col++) {
      const cx = start + col * (tile + gap) + tile / 2;
      const cy = start + row * (tile + gap) + tile / 2;
      if (roundedRect(x, y, cx, cy, tile / 2, tile / 2, tile * 0.22) <= 0) {
        return row === 0 && col === 1 ? MINT : WHITE;
      }
    }
  }
  return TEAL;
}

function render(size, maskable) {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = paint((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, maskable);
          if (!colour) continue;
          r += colour[0]; g += colour[1]; b += colour[2]; a += 1;
        }
      }
      const i = (py * size + px) * 4;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return encodePng(size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A minimal truecolour-with-alpha PNG: signature, IHDR, one IDAT, IEND. */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
  // iOS masks its own corners and shows transparency as black: give it the full-bleed tile.
  ['apple-touch-icon.png', 180, true],
  // The page's favicon (index.html): a PNG, which the browser decodes cheaply, unlike an SVG.
  ['favicon-48.png', 48, false],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(new URL(name, out), render(size, maskable));
  console.log(`public/icons/${name} ${size}×${size}`);
}
