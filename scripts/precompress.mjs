// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every text file of dist/ that
// compression makes smaller (nearly all; a copy that would not be smaller is not written), made once at build time at the highest levels, so the server only
// chooses among files (server/http/pwa.ts, @fastify/static preCompressed) and never compresses
// the app's code per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function* filesOf(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesOf(path);
    else yield path;
  }
}

export function precompress(dir) {
  let original = 0;
  let brotli = 0;
  let files = 0;
  for (const path of filesOf(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    original += bytes.length;
    brotli += Math.min(br.length, bytes.length);
    files += 1;
  }
  return { files, original, brotli };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const { files, original, brotli } = precompress(dir);
  console.log(`precompressed ${files} files: ${(original / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with brotli`);
}
