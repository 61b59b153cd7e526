import { feedFilterOf } from './feed-filter';
import { FOLLOWING_WALK_MIN, feedPageSql, followingPlanOf, listPageSql, pinnedCandidatesSql } from './feed.sql';
import { limitLiteral } from '../../common/db/sql-params';
import { hidingOf } from '../safety/public';

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

  it('bounds a walk only when rows are judged after the index, with the scan limit written into the text', () => {
    const hiding = hidingOf(7, [3], ['cat']);
    const plain = feedPageSql(feedFilterOf({}, 7), undefined, [], 21);
    expect(plain.sql).not.toMatch(/scan_end/);
    for (const filter of [
      { ...feedFilterOf({}, 7), hiding },
      feedFilterOf({ search: 'ab' }, 7),
      { ...feedFilterOf({ tab: 'following' }, { id: 7, following_count: FOLLOWING_WALK_MIN }), hiding },
      { ...feedFilterOf({ tab: 'following' }, { id: 7, following_count: 3 }), hiding },
    ]) {
      const { sql } = feedPageSql(filter, undefined, [], 21, undefined, 1234);
      expect(sql).toMatch(/scan_end/);
      if (!filter.following) expect(sql).toMatch(/LIMIT 1234\b[\s\S]*OFFSET 1233 LIMIT 1/);
    }
    expect(listPageSql('media', 3, 7, undefined, 21, undefined, 300).sql).toMatch(/LIMIT 300\b/);
  });

  it('matches 1–2 characters of the search box as whole words only', () => {
    expect(feedPageSql(feedFilterOf({ search: 'ab' }, 7), undefined, [], 21).sql).not.toMatch(/lower\(p.content\) LIKE/);
    expect(feedPageSql(feedFilterOf({ search: 'abc' }, 7), undefined, [], 21).sql).toMatch(/lower\(p.content\) LIKE/);
  });
});
