/** The Content-Security-Policy allows exactly the inline scripts the built index.html carries. */
import crypto from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { inlineScriptSources } from '../../../server/http/pwa';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function built(html: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-pwa-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

it('hashes each inline script of index.html the way browsers do (sha256 of its text, base64)', () => {
  const hint = '(function(){document.documentElement.dir="rtl"})();';
  const dir = built(`<html><head><script>${hint}</script><script type="module" src="/h5/assets/a.js"></script></head></html>`);
  const expected = `'sha256-${crypto.createHash('sha256').update(hint).digest('base64')}'`;
  expect(inlineScriptSources(dir)).toEqual([expected]);
});

it('allows no inline script when the app is not built or has none', () => {
  expect(inlineScriptSources(join(tmpdir(), 'tessera-no-such-dir'))).toEqual([]);
  expect(inlineScriptSources(built('<html><body><script type="module" src="/x.js"></script></body></html>'))).toEqual([]);
});
