#!/usr/bin/env node
// Runs every check and suite, then prints one line: "N passed, N failed".
// The machine has two cores; the stages run in lanes so that both stay busy, laid out from measured
// CPU use (docs/decisions/0010-npm-test-layout.md):
// 1. At once: the builds (contracts and backend; beside them the frontend, then its first-load budget),
//    the type-check and eslint on the same TypeScript programs (then dependency-cruiser) and the
//    frontend suites (vitest). When the backend
//    is built: the service tier and the integration suites that take CPU but time nothing tight (one
//    jest run, two workers). When both builds are done: the browser tests (playwright + Chromium, the
//    longest lane), and knip and the unit tests (jest's file crawl must not meet a build's output
//    half-written; the backend suites crawl only backend/ and contracts).
// 2. Last, with the machine to themselves, two at a time: the suites that measure time or choreograph
//    processes and faults (restarts, outages, drains, latency bounds; *.timed.int-spec.ts): their
//    bounds measure the app, not a starved scheduler.
// Every jest/vitest run, and each backend jest worker, has its own database, Redis prefix and temp
// folder (a run id per process: backend/test/setup, frontend/e2e/setup), so lanes never share state.
// Lanes run quietly: each command's output is held and written in one piece when it ends, so lines
// never interleave.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { printFailures } from './failed-tests.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, '.test-artifacts');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const results = [];

/**
 * Runs a command with its output held and written in one piece when it ends (lanes run side by
 * side, so two lanes' lines never interleave).
 */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } });
    const held = [];
    child.stdout.on('data', (chunk) => held.push(chunk));
    child.stderr.on('data', (chunk) => held.push(chunk));
    child.on('close', (code) => {
      if (held.length) process.stdout.write(Buffer.concat(held));
      resolve(code === 0);
    });
  });
}

async function timed(name, work) {
  console.log(`[${clock()}] start: ${name}`);
  const t0 = Date.now();
  const { ok, passed, failed } = await work();
  const seconds = (Date.now() - t0) / 1000;
  results.push({ name, passed, failed, seconds });
  console.log(`[${clock()}] ${failed ? 'FAIL' : 'done'}: ${name} (${seconds.toFixed(1)} s)`);
  return ok;
}

/** A check that passes or fails as a whole. */
function check(name, cmd, args) {
  return timed(name, async () => {
    const ok = await run(cmd, args);
    return { ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  });
}

/** A jest or vitest run that writes its JSON report; its test counts join the total. */
function suite(name, cmd, args, reportFile, env = {}) {
  return timed(name, async () => {
    const ok = await run(cmd, args, env);
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
    return { ok: ok && failed === 0, passed, failed };
  });
}

const notRun = (name) => results.push({ name, passed: 0, failed: 1, seconds: 0 });
const report = (name) => path.join(out, `${name}.json`);
const jest = (config, reportName, ...args) => ['jest', '-c', config, '--json', `--outputFile=${report(reportName)}`, ...args];

// The integration suites and the service tier, in two jest runs (each worker with its own database,
// Redis prefix and temp folder: backend/test/setup). Suites that measure time or choreograph processes
// (restarts, outages, drains, latency bounds, fixed waits) are named *.timed.int-spec.ts: they run
// last, with no other lane beside them, TIMED_WORKERS at a time. Every other suite and the service
// tier run first, in INT_WORKERS workers: they mostly wait on PostgreSQL, Redis and the apps they boot.
const INT_WORKERS = 2;
const TIMED_WORKERS = 2;
const testFiles = readdirSync(path.join(root, 'backend/test'), { recursive: true }).sort();
const intFiles = testFiles.filter((f) => f.endsWith('.int-spec.ts'));
const timedFiles = intFiles.filter((f) => f.endsWith('.timed.int-spec.ts'));
const firstFiles = testFiles.filter((f) => f.endsWith('.service-spec.ts') || (f.endsWith('.int-spec.ts') && !timedFiles.includes(f)));
const byPath = (files) => ['--runTestsByPath', ...files.map((f) => `backend/test/${f}`)];
// --forceExit: the suites start and kill servers of their own (PostgreSQL clusters, Redis, s3rver,
// app processes); a socket one of them leaves half-open must not keep the run waiting after its report.
const firstArgs = ['--forceExit', '--selectProjects', 'backend-service', 'backend-int', `--maxWorkers=${INT_WORKERS}`, ...byPath(firstFiles)];
const timedArgs = ['--forceExit', '--selectProjects', 'backend-int', `--maxWorkers=${TIMED_WORKERS}`, ...byPath(timedFiles)];
// The apps of the lanes that run beside others wait up to 15 s, not 500 ms, for a database connection:
// with every lane on two cores (load average 12, on a machine a third as fast as some) a connection can
// take seconds to open or to come free from the pool behind 30 concurrent writes, which fails a test of
// something else. How fast a request fails while the database is away is the timed lane's to prove,
// which runs alone, on the production default.
const BESIDE_OTHER_LANES = { DATABASE_CONNECT_TIMEOUT_MS: '15000' };
const INT = 'integration and service tier (backend, PostgreSQL + Redis)';
const INT_TIMED = 'integration: restarts, faults, drains and latency bounds';
const BROWSER = 'browser (playwright + chromium)';

// The browser tests are the longest lane (about 330 s alone, 1.25 cores): they start as soon as both
// builds are done, and every other stage fills the rest of the machine around them. The frontend's
// build reads the contracts' sources, so it runs beside the contracts' and backend's build.
const backendBuild = check('build (contracts, backend)', 'npm', ['run', 'build:backend', '--silent']);
const frontendBuild = (async () => {
  const ok = await check('build (frontend)', 'npm', ['run', 'build', '--silent', '-w', '@cloud9/frontend']);
  if (ok) await check('first-load JavaScript budget (/login, home)', 'node', ['scripts/check-bundle-budget.mjs']);
  return ok;
})();
const built = Promise.all([backendBuild, frontendBuild]).then((oks) => oks.every(Boolean));
const browserLane = built.then(async (ok) => {
  if (!ok) return notRun(BROWSER);
  await suite(BROWSER, 'npx', jest('frontend/e2e/jest.config.cjs', 'e2e', '--runInBand'), report('e2e'), BESIDE_OTHER_LANES);
});
// The backend suites need the contracts and the backend built (some spawn backend/dist), not the frontend.
const intLane = backendBuild.then(async (ok) => {
  if (!ok) return notRun(INT);
  await suite(INT, 'npx', jest('jest.config.js', 'int', ...firstArgs), report('int'), BESIDE_OTHER_LANES);
});
// tsc, eslint and vitest read sources only; knip and the unit tests crawl the tree, so they wait until
// no build is writing its output. The checks only compute, with nothing timed: they run at a lower
// priority (BACKGROUND), so the suites beside them (apps answering within timeouts, tests waiting for
// what should appear) are not starved of CPU; they take what those leave.
const BACKGROUND = ['-n', '10'];
const checksLanes = Promise.all([
  built.then(async () => {
    await check('unused files, exports, dependencies (knip)', 'nice', [...BACKGROUND, 'npm', 'run', 'lint:unused', '--silent']);
    await suite('unit (contracts, backend)', 'nice', [...BACKGROUND, 'npx', ...jest('jest.config.js', 'unit', '--selectProjects', 'contracts', 'backend-unit')], report('unit'));
  }),
  (async () => {
    await check('typecheck and lint (tsc, eslint)', 'nice', [...BACKGROUND, 'node', 'scripts/typecheck-and-lint.mjs']);
    await check('dependencies (dependency-cruiser)', 'nice', [...BACKGROUND, 'npm', 'run', 'lint:deps', '--silent']);
  })(),
  suite('frontend (vitest)', 'npx', ['vitest', 'run', '--root', 'frontend', '--reporter=default', '--reporter=json', `--outputFile.json=${report('frontend')}`], report('frontend')),
]);
// The timed suites run last, with the machine to themselves: two at a time (they mostly wait on the
// processes and outages they stage: about 0.7 of a core each).
const timedLane = Promise.all([checksLanes, intLane, browserLane, backendBuild]).then(async ([, , , backendBuilt]) => {
  if (!backendBuilt) return notRun(INT_TIMED);
  await suite(INT_TIMED, 'npx', jest('jest.config.js', 'int-timed', ...timedArgs), report('int-timed'));
});
await timedLane;

// The failed tests again, last, where a truncated log still shows them.
printFailures(['int', 'int-timed', 'unit', 'frontend', 'e2e'].map(report));

console.log(`\nSummary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
