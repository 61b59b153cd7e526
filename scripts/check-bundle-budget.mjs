#!/usr/bin/env node
// The first-load JavaScript budget, checked on the built frontend (run `npm run build` first); what a
// first load is: scripts/first-load.mjs. Sizes are brotli (quality 11), as a compressing server sends
// them. Fails when a page is over budget, or when code meant to load on demand (the emoji picker and
// its data, PayPal's SDK wrapper) is part of a first load, or when the boot script imports another file.
import { BUDGETS, brotliBytes, readBuild } from './first-load.mjs';

/** Packages that only some screens load, on demand. */
const ON_DEMAND = ['node_modules/emoji-picker-react/', 'node_modules/@paypal/'];

const { manifest, modulesOf, firstLoadFiles } = readBuild();
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
  const files = firstLoadFiles(modules);
  const kb = files.reduce((sum, file) => sum + brotliBytes(file), 0) / 1024;
  const eager = files.flatMap((file) => modulesOf[file].filter((m) => ON_DEMAND.some((p) => m.includes(p))).map((m) => `${file}: ${m}`));
  const ok = kb <= maxKb && eager.length === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${page}: ${kb.toFixed(1)} KB of JavaScript (brotli) in ${files.length} files, budget ${maxKb} KB`);
  if (eager.length) console.log(`     must load on demand, not with ${page}:\n${eager.slice(0, 5).map((e) => `       ${e}`).join('\n')}`);
  if (!ok) for (const file of files) console.log(`     ${file}: ${(brotliBytes(file) / 1024).toFixed(1)} KB`);
}
process.exit(failed ? 1 : 0);
