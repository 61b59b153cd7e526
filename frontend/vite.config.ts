/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { BOOT_ENTRY, bootScript, chunkModulesFile, manualChunks } from './chunking';
import { clientRouteTable } from './client-route-table';

const backend = 'http://localhost:3000';

/** The clouds theme (src/styles/theme.css): --sky-600 for the browser's chrome, --sky-50 behind the splash. */
const THEME_COLOR = '#1d6fd1';
const BACKGROUND_COLOR = '#f4faff';

/** The web app manifest (/manifest.webmanifest): what makes Cloud 9 installable, and how it opens when installed. */
const webAppManifest = {
  id: '/',
  name: 'Cloud 9 Social',
  short_name: 'Cloud 9',
  description: 'Share short posts, follow friends and rise with Cloud 9 premium tiers.',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  lang: 'en',
  icons: [
    { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/images/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    // Home opens the composer when its address says ?compose (components/layout/Layout.tsx).
    { name: 'New post', short_name: 'Post', url: '/?compose=1', icons: [{ src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Notifications', url: '/notifications', icons: [{ src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
};

/**
 * React Router's package exports only its development build (warnings included); the build takes
 * the production one it ships beside it. `react-router-dom` only re-exports `react-router` (plus the
 * hydration entry this app does not use), so it points there too. Tests keep the development build.
 */
const routerProductionBuild = {
  'react-router-dom': path.resolve(__dirname, '../node_modules/react-router/dist/production/index.mjs'),
  'react-router': path.resolve(__dirname, '../node_modules/react-router/dist/production/index.mjs'),
};

/**
 * The service worker is built after the app's files (vite-plugin-pwa's closeBundle), when the compression
 * plugin has already run: its .br and .gz copies are written here, after it, at the same levels.
 */
function compressServiceWorker(): Plugin {
  return {
    name: 'compress-service-worker',
    apply: 'build',
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const file = path.resolve(__dirname, 'dist/sw.js');
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    clientRouteTable(),
    react(),
    chunkModulesFile(path.resolve(__dirname, '..')),
    bootScript(),
    // The installed app: the web app manifest and the service worker (src/sw.ts, our own code around
    // Workbox's precache), registered by app/serviceWorker.ts once the first screen is done.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webAppManifest,
      injectManifest: {
        // The shell, the hashed build files and the images the shell and the manifest use; not the
        // .br/.gz copies (the browser asks for the file and the server picks the copy).
        globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'images/*.{svg,png}'],
        // The emoji picker's data is the largest file; it is precached too, so the picker opens offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        minify: true,
      },
    }),
    compressServiceWorker(),
    // A .br and a .gz copy beside every text file of 1 KB or more (public/ included), at the highest levels: the
    // server sends these as they are instead of compressing per request. Smaller files gain nothing.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias: {
      // Contracts are consumed as TypeScript source so the client never waits for a contracts build.
      '@cloud9/contracts': path.resolve(__dirname, '../libs/contracts/src/index.ts'),
      ...(command === 'build' ? routerProductionBuild : {}),
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph the bundle budget check reads.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // terser squeezes about 2 % more than esbuild out of the first load, which is what a phone waits for.
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
    // The page and the boot script it runs first; named chunks: vendor packages, the first load, the
    // signed-in shell (frontend/chunking.ts).
    rollupOptions: {
      input: { index: path.resolve(__dirname, 'index.html'), boot: path.resolve(__dirname, BOOT_ENTRY) },
      output: { manualChunks },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Worker threads rather than child processes: the same isolation per file, about 7 % less CPU.
    pool: 'threads',
    // Beside the integration suites on two cores a test can take several times its quiet-machine time.
    testTimeout: 60_000,
  },
}));
