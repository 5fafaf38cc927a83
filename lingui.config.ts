import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './src/domain/locales';

/**
 * Two catalogues per language (src/i18n/index.ts): `shell` holds the texts of the first screen —
 * the app's frame, the UI kit (src/ui), home, the shared parts and every route's title — and loads
 * before the first render; `messages` holds every other screen's and loads with the first of them.
 * A feature's routes are in its routes.tsx, or in files named for what they hold (contact-routes.tsx).
 * A text used on both sides is in both.
 */
const SHELL = [
  '<rootDir>/src/main.tsx',
  '<rootDir>/src/app',
  '<rootDir>/src/api',
  '<rootDir>/src/domain',
  '<rootDir>/src/i18n',
  '<rootDir>/src/realtime',
  '<rootDir>/src/storage',
  '<rootDir>/src/ui',
  '<rootDir>/src/features/home',
  '<rootDir>/src/features/shared',
  '<rootDir>/src/features/*/*routes.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/shell', include: SHELL, exclude: ['**/node_modules/**'] },
    // The operator console's own texts (src/ops): English and Chinese complete, the others fall back to English.
    { path: '<rootDir>/src/locales/{locale}/ops', include: ['<rootDir>/src/ops'], exclude: ['**/node_modules/**'] },
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      // Exclusions are matched as globs against each file's path.
      exclude: ['**/node_modules/**', '**/src/ops/**', ...SHELL.map((path) => path.replace('<rootDir>/', '**/') + (/\.tsx?$/.test(path) ? '' : '/**'))],
    },
  ],
  // Origins name the file, not the line: a line number changes with every edit above a text and made
  // every change touch all twenty catalogues.
  format: formatter({ lineNumbers: false }),
});
