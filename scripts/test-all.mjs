#!/usr/bin/env node
// Runs every check and suite, then prints one line: "N passed, N failed".
// Order: build (the browser tests need it) and its first-load budget; then lint, dependency rules,
// unused code, type-check and unit tests in two lanes at once (the machine has two cores, and these
// only read files); then integration, frontend and browser suites, one at a time (they time things).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, '.test-artifacts');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];

/**
 * Runs a command; its output goes straight through, or, when `quiet` (it runs beside another),
 * is held and written in one piece when it ends, so two lanes' lines never interleave.
 */
function run(cmd, args, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code) => {
      if (held.length) process.stdout.write(Buffer.concat(held));
      resolve(code === 0);
    });
  });
}

async function check(name, cmd, args, quiet = false) {
  const started = Date.now();
  const ok = await run(cmd, args, quiet);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** A jest or vitest run that writes its JSON report; its test counts join the total. */
async function suite(name, cmd, args, reportFile, quiet = false) {
  const started = Date.now();
  const ok = await run(cmd, args, quiet);
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  } catch {
    // no report: the runner itself broke
  }
  if (!ok && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds: (Date.now() - started) / 1000 });
}

const report = (name) => path.join(out, `${name}.json`);
const built = await check('build', 'npm', ['run', 'build', '--silent']);
if (built) await check('first-load JavaScript budget (/login, home)', 'node', ['scripts/check-bundle-budget.mjs']);
await Promise.all([
  (async () => {
    await check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0'], true);
    await suite('unit (contracts, backend)', 'npx', ['jest', '-c', 'jest.config.js', '--selectProjects', 'contracts', 'backend-unit', '--json', `--outputFile=${report('unit')}`], report('unit'), true);
  })(),
  (async () => {
    await check('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent'], true);
    await check('dependencies (dependency-cruiser)', 'npm', ['run', 'lint:deps', '--silent'], true);
    await check('unused files, exports, dependencies (knip)', 'npm', ['run', 'lint:unused', '--silent'], true);
  })(),
]);
// --forceExit: the suites start and kill servers of their own (PostgreSQL clusters, Redis, s3rver,
// app processes); a socket one of them leaves half-open must not keep the run waiting after its report.
await suite('integration (backend, PostgreSQL + Redis)', 'npx', ['jest', '-c', 'jest.config.js', '--selectProjects', 'backend-int', '--runInBand', '--forceExit', '--json', `--outputFile=${report('int')}`], report('int'));
await suite('frontend (vitest)', 'npx', ['vitest', 'run', '--root', 'frontend', '--reporter=default', '--reporter=json', `--outputFile.json=${report('frontend')}`], report('frontend'));
if (built) {
  await suite('browser (playwright + chromium)', 'npx', ['jest', '-c', 'frontend/e2e/jest.config.cjs', '--runInBand', '--json', `--outputFile=${report('e2e')}`], report('e2e'));
} else {
  results.push({ name: 'browser (playwright + chromium)', passed: 0, failed: 1, seconds: 0 });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
