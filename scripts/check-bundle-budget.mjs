#!/usr/bin/env node
// The first-load JavaScript budget, checked on the built frontend (run `npm run build` first).
// A page's first load is the file holding each module it runs before it can draw (the entry, the
// signed-in shell, the screen), with every file those import statically: what the browser must
// fetch first. Sizes are brotli (quality 11), as a compressing server sends them. It reads the
// build's chunk graph: Vite's .vite/manifest.json (which file imports which) and
// .vite/chunk-modules.json (which modules each file holds, written by frontend/chunking.ts).
// Fails when a page is over budget, or when code meant to load on demand (the emoji picker and its
// data, PayPal's SDK wrapper) is part of a first load, or when the boot script imports another file.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'frontend/dist');

/** Each landing page: the modules it runs before it can draw, and its budget in KB (brotli). */
const BUDGETS = [
  { page: '/login', modules: ['frontend/src/main.tsx', 'frontend/src/features/auth/AuthPage.tsx'], maxKb: 90 },
  {
    page: '/ (home)',
    modules: ['frontend/src/main.tsx', 'frontend/src/app/SignedInRoutes.tsx', 'frontend/src/features/home/HomePage.tsx'],
    maxKb: 140,
  },
];

/** Packages that only some screens load, on demand. */
const ON_DEMAND = ['node_modules/emoji-picker-react/', 'node_modules/@paypal/'];

const read = (file) => JSON.parse(readFileSync(path.join(dist, '.vite', file), 'utf8'));
const manifest = read('manifest.json');
const modulesOf = read('chunk-modules.json');
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

function fileHolding(module) {
  const file = Object.keys(modulesOf).find((f) => modulesOf[f].includes(module));
  if (!file) throw new Error(`no built file holds ${module}: was it renamed or moved?`);
  return file;
}

/** The files `files` import statically, directly or not, themselves included. */
function staticClosure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of manifest[keyOfFile.get(file)]?.imports ?? []) visit(manifest[key].file);
  };
  files.forEach(visit);
  return [...seen];
}

const brotliBytes = (file) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

let failed = 0;

// The boot script runs before the rest of the first load has arrived (frontend/chunking.ts): it
// must not import anything, or it waits for that file too.
const boot = manifest['src/boot.ts'];
if (!boot?.isEntry || boot.imports?.length) {
  failed += 1;
  console.log(`FAIL the boot script ${boot ? `imports ${boot.imports.map((key) => manifest[key].file).join(', ')}` : 'is missing from the build'}: it must stand alone`);
} else {
  console.log(`ok   the boot script (${boot.file}) imports nothing: ${(brotliBytes(boot.file) / 1024).toFixed(1)} KB (brotli)`);
}

for (const { page, modules, maxKb } of BUDGETS) {
  const files = staticClosure(modules.map(fileHolding));
  const kb = files.reduce((sum, file) => sum + brotliBytes(file), 0) / 1024;
  const eager = files.flatMap((file) => modulesOf[file].filter((m) => ON_DEMAND.some((p) => m.includes(p))).map((m) => `${file}: ${m}`));
  const ok = kb <= maxKb && eager.length === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${page}: ${kb.toFixed(1)} KB of JavaScript (brotli) in ${files.length} files, budget ${maxKb} KB`);
  if (eager.length) console.log(`     must load on demand, not with ${page}:\n${eager.slice(0, 5).map((e) => `       ${e}`).join('\n')}`);
  if (!ok) for (const file of files) console.log(`     ${file}: ${(brotliBytes(file) / 1024).toFixed(1)} KB`);
}
process.exit(failed ? 1 : 0);
