/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // A .br and a .gz copy beside every text file of 1 KB or more (public/ included), at the highest levels: the
    // server sends these as they are instead of compressing per request. Smaller files gain nothing.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    // Contracts are consumed as TypeScript source so the client never waits for a contracts build.
    alias: { '@cloud9/contracts': path.resolve(__dirname, '../libs/contracts/src/index.ts') },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
