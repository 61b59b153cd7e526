import { feedFilterOf } from './feed-filter';
import { FOLLOWING_WALK_MIN, feedPageSql, followingPlanOf, listPageSql, pinnedCandidatesSql } from './feed.sql';
import { limitLiteral } from '../../common/db/sql-params';

describe('feed SQL for prepared statements', () => {
  it('writes page sizes into the text, never as a parameter (generic plans must know them)', () => {
    const filter = feedFilterOf({}, 7);
    for (const { sql } of [
      feedPageSql(filter, undefined, [], 21),
      feedPageSql(feedFilterOf({ tab: 'following' }, { id: 7, following_count: 1000 }), undefined, [], 21),
      listPageSql('liked', 3, 7, undefined, 21),
    ]) {
      expect(sql).not.toMatch(/LIMIT \$/);
      expect(sql).toMatch(/LIMIT 21\b|LIMIT \d+/);
    }
    expect(() => limitLiteral(0)).toThrow();
    expect(() => limitLiteral(2.5)).toThrow();
    expect(() => limitLiteral(Number.NaN)).toThrow();
  });

  it('gives every viewer the same statement text (one prepared statement per shape)', () => {
    const a = feedPageSql(feedFilterOf({}, 7), undefined, [], 21);
    const b = feedPageSql(feedFilterOf({}, 8), undefined, [], 21);
    expect(a.sql).toBe(b.sql);
    expect(a.params).not.toEqual(b.params);
    expect(pinnedCandidatesSql(feedFilterOf({}, 7)).sql).toBe(pinnedCandidatesSql(feedFilterOf({}, null)).sql);
  });

  it('walks the feed index for viewers following many accounts, else follows the follows', () => {
    const many = feedFilterOf({ tab: 'following' }, { id: 7, following_count: FOLLOWING_WALK_MIN });
    const few = feedFilterOf({ tab: 'following' }, { id: 7, following_count: FOLLOWING_WALK_MIN - 1 });
    expect(followingPlanOf(many)).toBe('walk');
    expect(followingPlanOf(few)).toBe('lateral');
    expect(followingPlanOf(feedFilterOf({ tab: 'following' }, 7))).toBe('lateral');
    expect(feedPageSql(many, undefined, [], 21).sql).toMatch(/walked/);
    expect(feedPageSql(few, undefined, [], 21).sql).not.toMatch(/walked/);
    expect(feedFilterOf({}, { id: 7, following_count: 500 }).followingCount).toBeUndefined();
  });
});
