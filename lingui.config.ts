import { defineConfig } from '@lingui/cli';
import { LOCALES } from './src/domain/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/node_modules/**'] }],
  format: 'po',
});
