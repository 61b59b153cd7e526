#!/usr/bin/env node
// Lists the failed tests of jest/vitest JSON reports (vitest writes jest's shape): each test's file and
// name and the first lines of its failure. `npm test` prints it after every lane, just before the
// summary, so a log cut in the middle still names what failed. Alone:
// `node scripts/failed-tests.mjs .test-artifacts/*.json`.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

export function printFailures(reportFiles) {
  const failures = [];
  for (const reportFile of reportFiles) {
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(reportFile, 'utf8'));
    } catch {
      continue; // that lane wrote no report: its own output says why
    }
    for (const file of parsed.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name ?? '');
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) failures.push([`${where} › ${a.fullName}`, a.failureMessages?.[0] ?? '']);
      // A suite that failed outside its tests (it did not compile, a hook threw).
      if (!failed.length && file.status === 'failed') failures.push([where, file.message ?? '']);
    }
  }
  if (!failures.length) return;
  console.log('\nFailed tests');
  for (const [title, message] of failures) {
    console.log(`  ✕ ${title}`);
    const lines = plain(message).split('\n').map((l) => l.trim()).filter(Boolean);
    for (const line of lines.slice(0, 4)) console.log(`      ${line.slice(0, 200)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printFailures(process.argv.slice(2));
