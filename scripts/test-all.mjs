#!/usr/bin/env node
// Runs every check and suite, then prints one line: "N passed, N failed".
// Order: build (the browser tests need it) and its first-load budget, lint, dependency rules, unused code, type-check, unit, integration, frontend, browser.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, '.test-artifacts');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];
const run = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } }).status === 0;

function check(name, cmd, args) {
  const started = Date.now();
  const ok = run(cmd, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** A jest or vitest run that writes its JSON report; its test counts join the total. */
function suite(name, cmd, args, reportFile) {
  const started = Date.now();
  const ok = run(cmd, args);
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
const built = check('build', 'npm', ['run', 'build', '--silent']);
if (built) check('first-load JavaScript budget (/login, home)', 'node', ['scripts/check-bundle-budget.mjs']);
check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);
check('dependencies (dependency-cruiser)', 'npm', ['run', 'lint:deps', '--silent']);
check('unused files, exports, dependencies (knip)', 'npm', ['run', 'lint:unused', '--silent']);
check('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
suite('unit (contracts, backend)', 'npx', ['jest', '-c', 'jest.config.js', '--selectProjects', 'contracts', 'backend-unit', '--json', `--outputFile=${report('unit')}`], report('unit'));
suite('integration (backend, PostgreSQL + Redis)', 'npx', ['jest', '-c', 'jest.config.js', '--selectProjects', 'backend-int', '--runInBand', '--json', `--outputFile=${report('int')}`], report('int'));
suite('frontend (vitest)', 'npx', ['vitest', 'run', '--root', 'frontend', '--reporter=default', '--reporter=json', `--outputFile.json=${report('frontend')}`], report('frontend'));
if (built) {
  suite('browser (playwright + chromium)', 'npx', ['jest', '-c', 'frontend/e2e/jest.config.cjs', '--runInBand', '--json', `--outputFile=${report('e2e')}`], report('e2e'));
} else {
  results.push({ name: 'browser (playwright + chromium)', passed: 0, failed: 1, seconds: 0 });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
