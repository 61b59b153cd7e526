import type { AdminAppBackupResult, AdminBackupResult } from '@cloud9/contracts';

/** One labelled value of a tool's result, shown as a term and its description. */
export type Fact = readonly [label: string, value: string];

const count = new Intl.NumberFormat('en-US');

/** 1536 → '1.5 KB': file sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export const formatCount = (n: number): string => count.format(n);

/** ['a', 'b'] → 'a, b'; an empty list → 'None'. */
export const formatList = (items: readonly string[]): string => (items.length ? items.join(', ') : 'None');

/** A database backup or restore: the file, and what else the run did. */
export function databaseJobFacts(result: AdminBackupResult): Fact[] {
  const facts: Fact[] = [['File', result.file]];
  if (typeof result.bytes === 'number') facts.push(['Size', formatBytes(result.bytes)]);
  if (result.removed) facts.push(['Older backups removed', formatList(result.removed)]);
  if (result.migrations) facts.push(['Migrations applied', formatList(result.migrations)]);
  if (result.output) facts.push(['Report', result.output]);
  return facts;
}

export const appBackupFacts = (result: AdminAppBackupResult): Fact[] => [
  ['File', result.file],
  ['Size', formatBytes(result.bytes)],
  ['Uploaded files archived', formatCount(result.files)],
];

export const rotationFacts = (expired: number, activated: number): Fact[] => [
  ['Boosts ended', formatCount(expired)],
  ['Requests approved', formatCount(activated)],
];
