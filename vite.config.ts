import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Deep teal: the brand colour of the manifest, the status bar and the UI (src/styles.css). */
const BRAND = '#0f5f5c';
const API = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/h5/',
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    tailwindcss(),
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
  },
});
