import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueTexts } from './scripts/catalogues.mjs';
import { bootHint, type BootHintOptions } from './src/app/bootHint.ts';
import { SHELL_TEXTS, shellText, type ShellTexts } from './src/app/shellText.ts';
import { SIGNED_IN_HINT_KEY } from './src/domain/constants.ts';
import { LOCALE_STORAGE_KEY, LOCALES, RTL_LOCALES } from './src/domain/locales.ts';
import { joinsWords, keepWordsTogether } from './src/i18n/words.ts';

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

type Bundle = Record<string, { type: string; fileName: string; imports?: readonly string[]; facadeModuleId?: string | null }>;

/** The chunk built from `module` (a path under the project, e.g. a landing screen). */
function chunkOf(bundle: Bundle, module: string): string {
  const chunk = Object.values(bundle).find((candidate) => candidate.type === 'chunk' && candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
  if (!chunk) throw new Error(`no chunk for ${module}`);
  return chunk.fileName;
}

/** A chunk and every chunk it imports statically, directly or through another. */
function withStaticImports(bundle: Bundle, fileNames: readonly string[]): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    chunk.imports?.forEach(visit);
  };
  fileNames.forEach(visit);
  return files;
}

/**
 * The shell's words (src/app/shellText.ts) in every language, from the same catalogues the app
 * renders with; an untranslated one falls back to English as the app does. A word missing from
 * the catalogues fails the build: the shell would show a text the app never does.
 */
function shellTexts(): ShellTexts {
  const texts: ShellTexts = {};
  for (const locale of LOCALES) {
    const translated = catalogueTexts(locale);
    texts[locale] = SHELL_TEXTS.map((english) => {
      const text = translated.get(english);
      if (text === undefined) throw new Error(`the shell's text "${english}" is in no catalogue of ${locale}: run npm run extract`);
      return keepWordsTogether(text || english, locale);
    });
  }
  return texts;
}

/**
 * The built index.html paints its static shell before any script runs: the boot hint goes in
 * inline (language, direction, which shell, and the app's files to request once the shell is
 * painted), the shell's words after its markup, and the page keeps no script, modulepreload or
 * stylesheet tag of the app's own (src/main.tsx applies the stylesheet before the app replaces the
 * shell).
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
        for (const [path, module] of Object.entries(LANDING_SCREENS)) routes[path] = [...withStaticImports(bundle, [chunkOf(bundle, module)])];
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
        // Rendering waits for the shell's end (after its words' script): see index.html.
        if (!/<link rel="expect" href="#shell-end" blocking="render"/.test(html) || !html.includes('<i id="shell-end" hidden></i>')) {
          throw new Error('index.html must block rendering until #shell-end');
        }
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
 * Chinese texts keep their words together (src/i18n/words.ts): the compiled catalogues and error
 * texts of a language written without spaces get a word joiner between the ideographs of each word.
 * Their code is the texts and a few quotes and braces, so the module's code is joined as a whole.
 */
function wordJoiners(): Plugin {
  return {
    name: 'tessera-word-joiners',
    enforce: 'post',
    transform(code, id) {
      const match = /[\\/]src[\\/]locales[\\/]([a-z-]+)[\\/](?:shell\.po|messages\.po|errors\.ts)$/.exec(id.split('?')[0]);
      if (!match || !joinsWords(match[1])) return null;
      return { code: keepWordsTogether(code, match[1]), map: null };
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
        const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
        if (!entry) throw new Error('compile hints: no entry chunk');
        const roots = [entry.fileName, ...Object.values(LANDING_SCREENS).map((module) => chunkOf(bundle, module))];
        for (const fileName of withStaticImports(bundle, roots)) {
          const chunk = bundle[fileName];
          if (chunk.type === 'chunk' && !chunk.code.startsWith(HINT)) chunk.code = HINT + chunk.code;
        }
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
    wordJoiners(),
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
      includeAssets: ['icons/favicon-48.png', 'icons/apple-touch-icon.png'],
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
      output: {
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // Konsta's modules only define components, but its package does not say so
        // ("sideEffects" is missing), so without this rule every component of the library lands in
        // the first chunk whatever the app imports (about 200 KB before minification).
        moduleSideEffects: [{ test: /node_modules[\\/]konsta[\\/](react|shared)[\\/].*\.js$/, sideEffects: false }],
      },
    },
  },
});
