import { SqlService } from '../../src/common/db/sql.service';
import type { TestApp } from './app';

/**
 * The plans of the statements matching `pattern` that `act` runs through the app's SqlService, each
 * explained with its own parameters and sequential scans off (so a plan that can only scan shows it).
 */
export async function plansOf(t: TestApp, pattern: RegExp, act: () => Promise<unknown>): Promise<string> {
  const rows: { 'QUERY PLAN': string }[] = [];
  const sql = t.app.get(SqlService);
  const original = sql.query.bind(sql);
  (sql as { query: unknown }).query = async (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
    if (pattern.test(text)) {
      await t.db.transaction(async (m) => {
        await m.query('SET LOCAL enable_seqscan = off');
        rows.push(...(await m.query(`EXPLAIN ${text}`, values)));
      });
    }
    return original(text, values, options);
  };
  try {
    await act();
  } finally {
    (sql as { query: unknown }).query = original;
  }
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
