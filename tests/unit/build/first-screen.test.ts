/**
 * The first screen's weight and first paint, checked on a real production build (made into a
 * temporary folder, so dist/ is left alone): the JavaScript /h5/home loads before it is interactive
 * stays within its budget, other screens and their libraries stay out of it, and index.html paints
 * its static shell without waiting for any script or stylesheet.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript module of the build scripts
import { firstScreenJavaScript, readManifest } from '../../../scripts/first-screen.mjs';
import { SHELL_TEXTS } from '../../../src/app/shellText';
import { LOCALES } from '../../../src/domain/locales';

/** Gzip bytes: the design card's own libraries take about 144 KB of it. */
const BUDGET = 160 * 1024;

const root = fileURLToPath(new URL('../../..', import.meta.url));
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'tessera-build-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test, which would build React's development version.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
}, 180_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

type Manifest = Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[] }>;

function firstScreenKeys(): string[] {
  const manifest = readManifest(dist) as Manifest;
  const { files } = firstScreenJavaScript(dist) as { files: { file: string }[] };
  const names = new Set(files.map(({ file }) => file));
  return Object.keys(manifest).filter((key) => names.has(manifest[key].file));
}

describe('the first screen (/h5/home)', () => {
  it(`loads at most ${BUDGET / 1024} KB of JavaScript (gzip) before it is interactive`, () => {
    const { files, gzip } = firstScreenJavaScript(dist) as { files: { file: string; gzip: number }[]; gzip: number };
    const listing = files.map(({ file, gzip: size }) => `${(size / 1024).toFixed(1)} KB ${file}`).join('\n');
    expect(gzip, `first-screen JavaScript:\n${listing}`).toBeLessThanOrEqual(BUDGET);
    // The home screen itself is part of it (else the budget would measure the wrong thing).
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toMatch(/"script":"assets\/index-[^"]+\.js"/);
    expect(firstScreenKeys()).toContain('index.html');
  });

  it('leaves every other screen, the form and validation libraries and the socket client to their own chunks', () => {
    const keys = firstScreenKeys();
    const manifest = readManifest(dist) as Manifest;
    const lazyScreens = Object.keys(manifest).filter((key) => /src\/features\/[a-z-]+\/[A-Za-z]+Screen\.tsx$/.test(key));
    expect(lazyScreens.length).toBeGreaterThan(10);
    expect(keys.filter((key) => lazyScreens.includes(key))).toEqual([]);
    const loaded = keys.map((key) => readFileSync(join(dist, manifest[key].file), 'utf8')).join('\n');
    // A text each library leaves in its built code: zod's error class, libphonenumber's metadata,
    // engine.io's heartbeat error and workbox-window's update message.
    for (const [library, mark] of [
      ['zod', 'ZodError'],
      ['libphonenumber-js', 'country_calling_codes'],
      ['socket.io-client', 'ping timeout'],
      ['workbox-window', 'SKIP_WAITING'],
    ] as const) {
      expect(loaded.includes(mark), `${library} is in the first screen's JavaScript`).toBe(false);
    }
  });

  it("loads only the current language's catalogue and error texts", () => {
    const keys = firstScreenKeys();
    const catalogues = keys.filter((key) => key.startsWith('src/locales/'));
    expect(catalogues.every((key) => key.startsWith('src/locales/en/')), catalogues.join(', ')).toBe(true);
  });
});

describe('the built index.html', () => {
  const html = () => readFileSync(join(dist, 'index.html'), 'utf8');

  it('paints its static shell before any script or stylesheet has arrived', () => {
    const page = html();
    // Nothing of the app is requested by the page itself: the boot hint asks for its stylesheet,
    // script and modules once the shell is painted. The shell's CSS is inline.
    expect(page).not.toMatch(/<link rel="stylesheet"|<link rel="preload"|<link rel="modulepreload"|<script type="module"/);
    const hint = /<script>\(function bootHint[\s\S]*?\}\)\((\{[\s\S]*?\})\);<\/script>/.exec(page);
    const { app } = JSON.parse(hint![1]) as { app: { script: string; modules: string[]; style: string } };
    const manifest = readManifest(dist) as Manifest;
    expect(app.script).toBe(manifest['index.html'].file);
    expect(app.style).toMatch(/^assets\/index-[^/]+\.css$/);
    // Every module the entry imports, directly or through another.
    const imported = new Set<string>();
    const visit = (key: string) => {
      for (const next of manifest[key].imports ?? []) {
        if (imported.has(next)) continue;
        imported.add(next);
        visit(next);
      }
    };
    visit('index.html');
    expect(app.modules.sort()).toEqual([...imported].map((key) => manifest[key].file).sort());
    expect(page).toMatch(/<style>[\s\S]*\.shell-card[\s\S]*<\/style>/);
    expect(page).toMatch(/<div class="shell" aria-hidden="true">[\s\S]*class="shell-tabbar"/);
    // Module scripts never block parsing; the only inline scripts are the boot hint and the
    // shell's words, which runs right after the shell's markup.
    expect(page.match(/<script>/g)).toHaveLength(2);
    expect(page).toMatch(/<script>\(function bootHint\(/);
    expect(page).toMatch(/<div class="shell-tabbar">[\s\S]*<\/div>\s*<script>\(function shellText\(/);
    // The first frame is the whole shell with its words: rendering is blocked until the parser
    // has passed the words' script, so no half-parsed page is painted (and laid out again) first.
    expect(page).toMatch(/<head>[\s\S]*<link rel="expect" href="#shell-end" blocking="render"[\s\S]*<\/head>/);
    expect(page).toMatch(/<script>\(function shellText\([\s\S]*?<\/script>\s*<i id="shell-end" hidden><\/i>/);
  });

  it("writes the shell's words in every language, as the app's catalogues have them", () => {
    const page = html();
    const words = /<script>\(function shellText[\s\S]*?\}\)\((\{[\s\S]*\})\);<\/script>/.exec(page);
    expect(words).not.toBeNull();
    const texts = JSON.parse(words![1]) as Record<string, string[]>;
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(texts[locale]).toHaveLength(SHELL_TEXTS.length);
    expect(texts.en).toEqual([...SHELL_TEXTS]);
    expect(texts.ar[SHELL_TEXTS.indexOf('Log in to see your balances, deposit, withdraw and trade.')]).toBe(
      'سجّل الدخول لعرض أرصدتك والإيداع والسحب والتداول.',
    );
    expect(texts.de[SHELL_TEXTS.indexOf('Me')]).toBe('Ich');
    // Every word of the shell's markup is one of them, in English until the script runs.
    const slots = [...page.matchAll(/data-text="(\d+)">([^<]*)</g)].map(([, index, text]) => [SHELL_TEXTS[Number(index)], text]);
    expect(new Set(page.match(/data-text="\d+"/g)).size).toBe(SHELL_TEXTS.length);
    for (const [expected, text] of slots) expect(text).toBe(expected);
  });

  it("preloads each language's catalogue and error texts from the boot hint", () => {
    const manifest = readManifest(dist) as Manifest;
    const hint = /<script>\(function bootHint[\s\S]*?\}\)\((\{[\s\S]*?\})\);<\/script>/.exec(html());
    expect(hint).not.toBeNull();
    const options = JSON.parse(hint![1]) as { preload: Record<string, string[]> };
    expect(Object.keys(options.preload).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(options.preload[locale]).toContain(manifest[`src/locales/${locale}/shell.po`].file);
    }
    expect(options.preload.de).toContain(manifest['src/locales/de/errors.ts'].file);
  });

  it('preloads the login screen with everything it imports when the address is the login', () => {
    const manifest = readManifest(dist) as Manifest;
    const hint = /<script>\(function bootHint[\s\S]*?\}\)\((\{[\s\S]*?\})\);<\/script>/.exec(html());
    const options = JSON.parse(hint![1]) as { routes: Record<string, string[]>; screens: Record<string, string[]> };
    const login = manifest['src/features/auth/LoginScreen.tsx'];
    expect(options.routes['/auth/login']).toContain(login.file);
    for (const imported of login.imports ?? []) expect(options.routes['/auth/login']).toContain(manifest[imported].file);
    expect(options.screens.ar).toEqual([manifest['src/locales/ar/messages.po'].file]);
  });
});
