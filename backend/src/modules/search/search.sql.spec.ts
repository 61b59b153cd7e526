import { rankedPageSql, recentMatchesSql } from './search.sql';

describe('search SQL for prepared statements', () => {
  it('writes page sizes into the text, never as a parameter (generic plans must know them)', () => {
    for (const { sql } of [recentMatchesSql('cats'), rankedPageSql([1, 2], 'cats', 7, undefined, 21)]) {
      expect(sql).not.toMatch(/LIMIT \$/);
      expect(sql).toMatch(/LIMIT 21\b|LIMIT \d+/);
    }
  });
});
