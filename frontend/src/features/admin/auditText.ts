import type { AuditEntry } from '@cloud9/contracts';
import { groupLabel } from './groupLabel';
import { formatBytes, formatCount, formatList, type Fact } from './resultFacts';

/** What each logged action was, in words; an unknown one shows its code. */
const ACTIONS: Record<string, string> = {
  'admin.reset_password': 'Password reset',
  'admin.backup': 'Database backup',
  'admin.restore': 'Database restore',
  'admin.app_backup': 'App backup',
  'admin.sync_follow_tables': 'Follow tables sync',
  'admin.orphans.scan': 'Orphaned uploads check',
  'admin.orphans.delete': 'Orphaned uploads delete',
  'admin.user_lookup': 'User lookup',
  'admin.jobs.status': 'Job status check',
  'admin.jobs.counts': 'Job counts viewed',
  'admin.audit.list': 'Logs viewed',
  'admin.users.list': 'User search',
  'admin.users.set_group': 'Group change',
  'admin.users.delete': 'User deleted',
  'admin.queues.change': 'Queue dashboard change',
  'boosts.rotate': 'Boost queue processed',
  'boosts.admin_boost': 'Admin boost',
};

export const actionLabel = (action: string): string => ACTIONS[action] ?? action;

/** How the call ended, in words. */
const RESULTS: Record<string, string> = {
  ok: 'Done',
  pending: 'Running',
  invalid: 'Invalid',
  unauthorized: 'Signed out',
  refused: 'Refused',
  not_found: 'Not found',
  conflict: 'Conflict',
  unavailable: 'Unavailable',
  error: 'Failed',
};

export const resultLabel = (result: string): string => RESULTS[result] ?? result;

/** 'user:alice' → 'user alice', 'query:x' → 'search "x"': what the action was done to. */
export function targetLabel(target: string): string {
  const colon = target.indexOf(':');
  if (colon <= 0) return target;
  const kind = target.slice(0, colon);
  const what = target.slice(colon + 1);
  if (kind === 'user') return /^\d+$/.test(what) ? `user #${what}` : `user @${what}`;
  if (kind === 'post') return `post #${what}`;
  if (kind === 'job') return `job ${what}`;
  if (kind === 'query') return `search “${what}”`;
  return `${kind} ${what}`;
}

/** Labels of the details the server keeps; an unknown one is its key in words. */
const DETAIL_LABELS: Record<string, string> = {
  jobId: 'Job',
  file: 'File',
  path: 'File',
  bytes: 'Size',
  files: 'Uploaded files',
  removed: 'Older backups removed',
  migrations: 'Migrations applied',
  output: 'Report',
  followersAdded: 'Follower counts corrected',
  followingsAdded: 'Following counts corrected',
  total: 'Orphans found',
  deleted: 'Files deleted',
  expired: 'Boosts ended',
  activated: 'Requests approved',
  status: 'HTTP status',
  error: 'Error',
  query: 'Search',
  count: 'Found',
  group_id: 'Group',
};

/** 'followersAdded' / 'group_id' → 'Followers added' / 'Group id'. */
function words(key: string): string {
  const spaced = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : key;
}

/** Any detail value as plain words: lists joined, objects as 'key: value' pairs, never JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return formatList(value.map(valueText));
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${words(k)}: ${valueText(v)}`)
      .join('; ');
  }
  return String(value);
}

function detailValue(key: string, value: unknown): string {
  if (key === 'bytes' && typeof value === 'number') return formatBytes(value);
  if (key === 'group_id' && typeof value === 'number') return groupLabel(value);
  return valueText(value);
}

/** An audit row's details as labelled fields, in the order the server wrote them. */
export function auditDetailFacts(details: AuditEntry['details']): Fact[] {
  if (!details) return [];
  const seen = new Set<string>();
  const facts: Fact[] = [];
  for (const [key, value] of Object.entries(details)) {
    const label = DETAIL_LABELS[key] ?? words(key);
    // Two keys with one label (an old row's path beside a file): the first one stands.
    if (seen.has(label)) continue;
    seen.add(label);
    facts.push([label, detailValue(key, value)]);
  }
  return facts;
}
