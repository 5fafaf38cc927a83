import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootHint, type BootHintOptions } from './src/app/bootHint.ts';
import { SHELL_TEXTS, shellText, type ShellTexts } from './src/app/shellText.ts';
import { SIGNED_IN_HINT_KEY } from './src/domain/constants.ts';
import { LOCALE_STORAGE_KEY, LOCALES, RTL_LOCALES } from './src/domain/locales.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Deep teal: the brand colour of the manifest, the status bar and the UI (src/styles.css). */
const BRAND = '#0f5f5c';
const API = 'http://127.0.0.1:8080';

/** Screens people open by address (the login a guard sends them to, a bookmark of Me): preloaded by the boot hint. */
const LANDING_SCREENS: Record<string, string> = {
  '/auth/login': 'src/features/auth/LoginScreen.tsx',
  '/auth/register': 'src/features/auth/RegisterScreen.tsx',
  '/mine': 'src/features/mine/MineScreen.tsx',
};

/** A PO string's text: the quoted pieces of a msgid or msgstr joined, escapes undone. */
function poText(quoted: string): string {
  return [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
    .map(([, piece]) => piece.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c))
    .join('');
}

/**
 * The shell's words (src/app/shellText.ts) in every language, from the same catalogues the app
 * renders with; an untranslated one falls back to English as the app does. A word missing from
 * the catalogues fails the build: the shell would show a text the app never does.
 */
function shellTexts(): ShellTexts {
  const texts: ShellTexts = {};
  for (const locale of LOCALES) {
    const translated = new Map<string, string>();
    for (const catalogue of ['shell', 'messages']) {
      const po = readFileSync(new URL(`./src/locales/${locale}/${catalogue}.po`, import.meta.url), 'utf8');
      for (const [, id, text] of po.matchAll(/^msgid ((?:".*"\s*)+)msgstr ((?:".*"\s*)+)/gm)) translated.set(poText(id), poText(text));
    }
    texts[locale] = SHELL_TEXTS.map((english) => {
      const text = translated.get(english);
      if (text === undefined) throw new Error(`the shell's text "${english}" is in no catalogue of ${locale}: run npm run extract`);
      return text || english;
    });
  }
  return texts;
}

/**
 * The built index.html paints its static shell before any script runs: the boot hint goes in
 * inline (language, direction, the language's catalogue preloaded, which shell), and the app's
 * stylesheet stops blocking the first paint — it is preloaded, and src/main.tsx applies it before
 * the app replaces the shell.
 */
function firstPaint(): Plugin {
  return {
    name: 'tessera-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
        const preload: Record<string, string[]> = {};
        const screens: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const match = chunk.facadeModuleId && /[\\/]src[\\/]locales[\\/]([a-z]+)[\\/](shell\.po|errors\.ts|messages\.po)$/.exec(chunk.facadeModuleId);
          if (!match) continue;
          const [, locale, file] = match;
          ((file === 'messages.po' ? screens : preload)[locale] ??= []).push(chunk.fileName);
        }
        // A landing screen's chunk and every chunk it imports statically.
        const routes: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(LANDING_SCREENS)) {
          const screen = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
          if (!screen) throw new Error(`no chunk for the landing screen ${module}`);
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (files.has(fileName) || chunk?.type !== 'chunk') return;
            files.add(fileName);
            chunk.imports.forEach(visit);
          };
          visit(screen.fileName);
          routes[path] = [...files];
        }
        const missing = LOCALES.filter((locale) => !preload[locale] || !screens[locale]);
        if (missing.length > 0) throw new Error(`no catalogue chunk found for ${missing.join(', ')}`);
        // The app's own tags leave the page: the boot hint adds them once the shell is painted.
        const base = '/h5/';
        const entry = /\s*<script type="module" crossorigin src="\/h5\/([^"]+\.js)"><\/script>/;
        const imports = /\s*<link rel="modulepreload" crossorigin href="\/h5\/([^"]+\.js)">/g;
        const stylesheet = /\s*<link rel="stylesheet" crossorigin href="\/h5\/([^"]+\.css)">/;
        const script = entry.exec(html)?.[1];
        const style = stylesheet.exec(html)?.[1];
        if (!script) throw new Error("index.html has no module script for the app's entry");
        if (!style) throw new Error("index.html has no stylesheet link for the app's CSS");
        const app = { script, modules: [...html.matchAll(imports)].map(([, file]) => file), style };
        const options: BootHintOptions = {
          locales: LOCALES,
          rtl: RTL_LOCALES,
          base,
          preload,
          routes,
          screens,
          storageKey: LOCALE_STORAGE_KEY,
          signedInKey: SIGNED_IN_HINT_KEY,
          app,
        };
        const hint = `(${bootHint.toString()})(${JSON.stringify(options)});`;
        const marker = /<!-- boot-hint:[^>]*-->/;
        if (!marker.test(html)) throw new Error('index.html has no boot-hint marker');
        const textMarker = /<!-- shell-text:[^>]*-->/;
        if (!textMarker.test(html)) throw new Error('index.html has no shell-text marker');
        return html
          .replace(entry, '')
          .replace(imports, '')
          .replace(stylesheet, '')
          .replace(marker, `<script>${hint}</script>`)
          .replace(textMarker, `<script>(${shellText.toString()})(${JSON.stringify(shellTexts())});</script>`);
      },
    },
  };
}

/**
 * The chunks a first screen runs at once — the entry and every chunk it imports statically, and
 * likewise each landing screen's (LANDING_SCREENS) — start with V8's explicit compile hint:
 * Chromium (136 and later) then compiles all their functions while it streams the file, off the
 * main thread, instead of each function on its first call, on the main thread, while the screen
 * renders (on /h5/home this took about a third off the main thread's work). Other chunks stay
 * lazily compiled.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'tessera-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own rewriting of the chunks (its preload helper goes at their top).
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
        const roots = chunks.filter(
          (chunk) => chunk.isEntry || Object.values(LANDING_SCREENS).some((module) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module)),
        );
        if (roots.length !== 1 + Object.keys(LANDING_SCREENS).length) throw new Error('compile hints: the entry or a landing screen has no chunk');
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (seen.has(fileName) || chunk?.type !== 'chunk') return;
          seen.add(fileName);
          if (!chunk.code.startsWith(HINT)) chunk.code = HINT + chunk.code;
          chunk.imports.forEach(visit);
        };
        roots.forEach((root) => visit(root.fileName));
      },
    },
  };
}

export default defineConfig({
  base: '/h5/',
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    tailwindcss(),
    firstPaint(),
    compileHints(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers the worker itself with workbox-window, in production only.
      injectRegister: false,
      injectManifest: {
        // The shell, every route chunk and every locale catalogue chunk; not the icons twice.
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'icons/icon-192.png'],
      },
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Tessera',
        short_name: 'Tessera',
        description: 'USDT and EUR: deposit, withdraw, convert, trade, stake and borrow.',
        id: '/h5/',
        start_url: '/h5/home',
        scope: '/h5/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BRAND,
        background_color: '#f4f7f7',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and screen loads, read by the first-screen
    // budget test (tests/unit/first-screen-budget.test.ts) and the Lighthouse bench.
    manifest: true,
    // Every browser the app supports (module scripts) knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Konsta's modules only define components, but its package does not say so
        // ("sideEffects" is missing), so without this rule every component of the library lands in
        // the first chunk whatever the app imports (about 200 KB before minification).
        moduleSideEffects: [{ test: /node_modules[\\/]konsta[\\/](react|shared)[\\/].*\.js$/, sideEffects: false }],
      },
    },
  },
});
