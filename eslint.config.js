// ESLint flat config (the boundaries are drawn in docs/architecture.md): the recommended JavaScript and TypeScript rules, the React
// hooks rules, and the boundaries of the code base as import rules: no import cycles; a feature
// never reaches into another feature; domain/ stays pure; a server module only uses another
// module's index.ts; the PWA never imports the server. Zones are generated from the folders, so a
// new feature or module is covered without touching this file. No type-aware rules: the whole
// repository lints in seconds (tsc does the type checking).
import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The sub-folders of a folder (relative to the repository root). */
const foldersOf = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const features = foldersOf('src/features');
const modules = foldersOf('server/modules');

const featureZones = features.map((feature) => {
  const others = features.filter((other) => other !== feature && (feature === 'shared' || other !== 'shared'));
  return {
    target: `./src/features/${feature}`,
    from: others.map((other) => `./src/features/${other}`),
    message:
      feature === 'shared'
        ? 'features/shared is used by the features and imports none of them.'
        : 'A feature imports features/shared, ui, api, domain, storage, i18n, realtime and locales, never another feature (docs/architecture.md).',
  };
});

// What a feature may take from the frame: the routing API — the parent routes and RouterContext,
// memberScreen, lazyScreen and typed search values its routes.tsx declares its routes with, and where
// a login continues (guard.ts). Everything else a screen draws or calls is in src/ui.
const APP_FOR_FEATURES = ['./layouts.tsx', './screenRoute.ts', './lazyScreen.ts', './search.ts', './guard.ts'];

// Everything of the server outside its modules (server/*.ts, http/, db/, ledger/, realtime/, …) and
// the scripts: like another module, they use a module through its index.ts only.
const outsideModules = [
  ...fs
    .readdirSync('server', { withFileTypes: true })
    .filter((entry) => entry.name !== 'modules')
    .map((entry) => `./server/${entry.name}`),
  './scripts',
];

// One zone per module: every other module, and everything outside the modules, may import only its index.ts.
const moduleZones = modules.map((module) => ({
  target: [...modules.filter((other) => other !== module).map((other) => `./server/modules/${other}`), ...outsideModules],
  from: `./server/modules/${module}`,
  except: ['./index.ts'],
  message: `A module is used through its index.ts only (server/modules/${module}/index.ts), from another module, the rest of the server or the scripts.`,
}));

const boundaryZones = [
  ...featureZones,
  {
    target: './src/features',
    from: './src/app',
    except: APP_FOR_FEATURES,
    message: 'A feature draws with src/ui; from src/app it takes only the routing API (layouts, screenRoute, lazyScreen, search, guard).',
  },
  {
    target: './src/ui',
    from: ['./src/app', './src/features'],
    message: 'src/ui is the UI kit at the bottom of the client: the frame and the features import it, it imports neither.',
  },
  {
    target: ['./src/api', './src/storage', './src/i18n', './src/realtime'],
    from: ['./src/app', './src/features', './src/ui'],
    message: 'api, storage, i18n and realtime sit below the UI: no app, features or ui.',
  },
  {
    target: './src/domain',
    from: ['./src/app', './src/api', './src/features', './src/ui', './src/storage', './server'],
    message: 'domain/ is pure TypeScript shared with the server: no app, api, features, ui, storage or server.',
  },
  { target: './src', from: './server', message: 'The PWA talks to the server over HTTP, never by importing it.' },
  {
    target: './src/ops',
    from: ['./src/app', './src/api', './src/storage', './src/features', './src/realtime', './sw'],
    message: "The operator console (src/ops) is its own app: it shares src/domain, src/i18n and src/ui's forms, never the PWA's frame, calls, storage or session.",
  },
  {
    target: ['./src/app', './src/api', './src/storage', './src/features', './src/realtime', './src/ui', './src/domain', './src/i18n', './sw'],
    from: './src/ops',
    message: 'Nothing of the users\' PWA imports the operator console.',
  },
  ...(modules.length > 1 ? moduleZones : []),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-ops/**',
      'dist-server/**',
      'dev-dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'coverage/**',
      'src/locales/**/*.po',
      'src/locales/**/messages.{js,mjs,ts}',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-implicit-coercion': ['error', { allow: ['!!'] }],
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      'require-atomic-updates': 'off',
    },
  },
  {
    files: ['src/**', 'tests/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['sw/**'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.{ts,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files when it follows imports (no-cycle sees nothing).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // TypeScript's ESM spelling: "./x.js" in the source is ./x.ts on disk.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // A chain through a dynamic import() is how lazy screens work (a feature's routes.tsx loads its
      // screen through app/lazyScreen.ts on first visit, and the screen imports what the routes
      // use): no load-order hazard.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-self-import': 'error',
    },
  },
);
