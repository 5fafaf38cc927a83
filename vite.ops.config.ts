/**
 * The operator console's own build (docs/ops-console.md): ops.html and src/ops into dist-ops/,
 * served by the server under /ops/. A build of its own, not a second entry of the PWA's: no chunk
 * is shared with the users' app, the PWA's service worker precaches none of it, and the PWA's
 * first-paint and compile-hint work stays about the PWA alone. `npm run build` runs both.
 */
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/ops/',
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist-ops',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'ops.html' },
  },
});
