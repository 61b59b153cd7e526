import { SqlService } from '../../src/common/db/sql.service';
import type { TestApp } from './app';

/**
 * The plans of the statements matching `pattern` that `act` runs through the app's SqlService, each
 * explained with its own parameters and sequential scans off (so a plan that can only scan shows it).
 * `alsoOff` turns off more of the planner's means, e.g. `enable_sort` to ask whether an index gives
 * the order itself: on a test's few rows, sorting them is as cheap as any index and wins by a hair.
 */
export async function plansOf(t: TestApp, pattern: RegExp, act: () => Promise<unknown>, alsoOff: ('enable_sort' | 'enable_bitmapscan')[] = []): Promise<string> {
  const rows: { 'QUERY PLAN': string }[] = [];
  const sql = t.app.get(SqlService);
  const original = sql.query.bind(sql);
  (sql as { query: unknown }).query = async (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
    if (pattern.test(text)) {
      await t.db.transaction(async (m) => {
        for (const setting of ['enable_seqscan', ...alsoOff]) await m.query(`SET LOCAL ${setting} = off`);
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
