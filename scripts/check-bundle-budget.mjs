#!/usr/bin/env node
// The first-load JavaScript budget, checked on the built frontend (run `npm run build` first).
// It reads Vite's chunk graph (frontend/dist/.vite/manifest.json): a page's first load is the entry
// and its screen's chunk, with every chunk they import statically (what the browser must fetch
// before the screen can draw), compressed with brotli as a compressing server sends it.
// Fails when a page is over budget or when a chunk meant to load on demand is part of a first load
// (the emoji picker's data, PayPal: importing them from the entry or a landing screen pulls them in).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'frontend/dist');

/** Each landing page: the manifest keys of what it runs first, and its budget in KB (brotli). */
const BUDGETS = [
  { page: '/login', modules: ['index.html', 'src/features/auth/AuthPage.tsx'], maxKb: 90 },
  { page: '/ (home)', modules: ['index.html', 'src/app/SignedInRoutes.tsx', 'src/features/home/HomePage.tsx'], maxKb: 140 },
];

/** Vendor chunks (named in frontend/vite.config.ts) that only some screens load, on demand. */
const ON_DEMAND = ['emoji', 'paypal'];

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
if (!manifest['index.html']) throw new Error('the manifest has no index.html entry');

/** Manifest keys reached from `keys` through static imports. A module missing from the manifest is inside the entry. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const brotliBytes = (file) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

let failed = 0;
for (const { page, modules, maxKb } of BUDGETS) {
  const chunks = [...staticClosure(modules)];
  const files = chunks.map((key) => manifest[key].file);
  const kb = files.reduce((sum, file) => sum + brotliBytes(file), 0) / 1024;
  const eager = chunks.filter((key) => ON_DEMAND.includes(manifest[key].name));
  const ok = kb <= maxKb && eager.length === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${page}: ${kb.toFixed(1)} KB of JavaScript (brotli) in ${files.length} files, budget ${maxKb} KB`);
  for (const key of eager) console.log(`     ${manifest[key].file} (${manifest[key].name}) must load on demand, not with ${page}`);
  if (!ok) for (const file of files) console.log(`     ${file}: ${(brotliBytes(file) / 1024).toFixed(1)} KB`);
}
process.exit(failed ? 1 : 0);
