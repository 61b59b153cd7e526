// A page's first load, read from the built frontend's chunk graph (run `npm run build` first): the
// file holding each module the page runs before it can draw (the entry, the signed-in shell, the
// screen), with every file those import statically: what the browser must fetch first. Code the page
// loads later on purpose (the live connection once the browser is idle, the service worker's
// registration after the load event, forms opened on demand) is not part of it. It reads Vite's
// .vite/manifest.json (which file imports which) and .vite/chunk-modules.json (which modules each
// file holds, written by frontend/chunking.ts). Used by the budget check and by bench:web.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(root, 'frontend/dist');

/** Each landing page: the modules it runs before it can draw, and its budget in KB (brotli). */
export const BUDGETS = [
  { page: '/login', modules: ['frontend/src/main.tsx', 'frontend/src/features/auth/AuthPage.tsx'], maxKb: 90 },
  {
    page: '/',
    modules: ['frontend/src/main.tsx', 'frontend/src/app/SignedInRoutes.tsx', 'frontend/src/features/home/HomePage.tsx'],
    maxKb: 140,
  },
];

const read = (file) => JSON.parse(readFileSync(path.join(dist, '.vite', file), 'utf8'));

/** The build's chunk graph: Vite's manifest, and the modules each file holds. */
export function readBuild() {
  const manifest = read('manifest.json');
  const modulesOf = read('chunk-modules.json');
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  const fileHolding = (module) => {
    const file = Object.keys(modulesOf).find((f) => modulesOf[f].includes(module));
    if (!file) throw new Error(`no built file holds ${module}: was it renamed or moved?`);
    return file;
  };

  /** The files a page needs before it draws: those holding `modules`, and all they import statically. */
  const firstLoadFiles = (modules) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const key of manifest[keyOfFile.get(file)]?.imports ?? []) visit(manifest[key].file);
    };
    modules.map(fileHolding).forEach(visit);
    return [...seen];
  };

  return { manifest, modulesOf, firstLoadFiles };
}

/** A built file's size compressed with brotli (quality 11), as a compressing server sends it. */
export const brotliBytes = (file) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
