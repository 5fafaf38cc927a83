import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Migrates one database per run, which every API and fuzz test database is copied from. */
const migratedTemplate = 'tests/api/global-setup.ts';

/**
 * Three suites run by `npm test` with no server needed, and one run on its own:
 *  unit — pure code (domain rules, server helpers), in Node;
 *  web  — the PWA's client code and components, in happy-dom;
 *  api  — the HTTP API through Fastify's inject on PGlite, or on PostgreSQL when
 *         TEST_DATABASE_URL is set;
 *  fuzz — the property-based fuzz of every API route (a few minutes; `npm run test:fuzz`).
 */
export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: [migratedTemplate],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // Left out of `npm test` (it takes minutes): `npm run test:fuzz` sets VITEST_FUZZ and runs it alone.
      ...(process.env.VITEST_FUZZ ? [{ extends: true as const, test: { name: 'fuzz', include: ['tests/fuzz/**/*.test.ts'], environment: 'node' as const, globalSetup: [migratedTemplate] } }] : []),
    ],
  },
});
