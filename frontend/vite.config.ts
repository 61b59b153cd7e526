/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

/**
 * Vendor code in a few named chunks instead of one blob: React and the router, which every page
 * needs and which change rarely, stay cached across releases; the heavy ones that only some screens
 * use (the emoji picker and its data, PayPal, the socket client) stay out of the first load. The
 * query cache is left to rollup: split by module, /login takes only the parts it uses. The names are read by the bundle budget check (scripts/check-bundle-budget.mjs).
 */
function vendorChunk(id: string): string | undefined {
  // Vite's preload helper goes where every page loads it anyway. Left to rollup it lands in the first
  // named chunk that uses it (the emoji picker's), and the entry would then import the emoji data.
  if (id.includes('vite/preload-helper') || id.includes('commonjsHelpers')) return 'react';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (!match) return undefined;
  const pkg = match[1];
  if (pkg === 'react' || pkg === 'react-dom' || pkg === 'scheduler') return 'react';
  if (pkg === 'react-router' || pkg === 'react-router-dom') return 'router';
  if (pkg === 'emoji-picker-react') return 'emoji';
  if (pkg.startsWith('@paypal/')) return 'paypal';
  if (pkg.includes('socket.io') || pkg.includes('engine.io')) return 'socket';
  return undefined;
}

/**
 * React Router's package exports only its development build (warnings included); the build takes
 * the production one it ships beside it. `react-router-dom` only re-exports `react-router` (plus the
 * hydration entry this app does not use), so it points there too. Tests keep the development build.
 */
const routerProductionBuild = {
  'react-router-dom': path.resolve(__dirname, '../node_modules/react-router/dist/production/index.mjs'),
  'react-router': path.resolve(__dirname, '../node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
    // Shared app modules smaller than 10 KB join a chunk that needs them, instead of each costing a
    // request of its own on a phone's network.
    rollupOptions: { output: { manualChunks: vendorChunk, experimentalMinChunkSize: 10_000 } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));
