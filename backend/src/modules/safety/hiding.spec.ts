import { matchesMutedWords } from '@cloud9/contracts';
import { SqlParams } from '../../common/db/sql-params';
import { accountsOnly, hiddenConditions, hidesPost, hidingOf, mutedWordsPattern, NOTHING_HIDDEN } from './hiding';

describe('the hide rule (pure parts)', () => {
  it('adds no condition and no parameter for a viewer who hides nothing', () => {
    const params = new SqlParams();
    expect(hiddenConditions(params, NOTHING_HIDDEN)).toEqual([]);
    expect(hiddenConditions(params, hidingOf(7, []))).toEqual([]);
    expect(params.values).toEqual([]);
  });

  it('writes each part as one parameter: authors as a hashed bigint[], plain words as one token set, other words as one pattern, Not interested as a probe of the viewer', () => {
    const params = new SqlParams();
    params.add('first');
    const where = hiddenConditions(params, hidingOf(7, [3, 4, 3], ['Cat', 'hot dog', 'c++', 'snow_2'], true));
    expect(where).toEqual([
      '(p.user_id IN (SELECT unnest($2::bigint[]))) IS NOT TRUE',
      "CASE WHEN regexp_split_to_array(lower(p.content), '[^[:alnum:]_]+') && $3::text[] THEN false ELSE p.content !~* $4 END",
      'NOT EXISTS (SELECT 1 FROM post_not_interested ni WHERE ni.user_id = $5::bigint AND ni.post_id = p.id)',
    ]);
    expect(params.values).toEqual(['first', '{3,4}', ['cat', 'snow_2'], mutedWordsPattern(['hot dog', 'c++']), 7]);
  });

  it('gives the same text for any viewer with the same kinds of rule (one prepared statement per shape)', () => {
    const text = (h: ReturnType<typeof hidingOf>) => hiddenConditions(new SqlParams(), h).join(' AND ');
    expect(text(hidingOf(7, [1], ['a', 'x y']))).toBe(text(hidingOf(8, [2, 3, 4], ['b', 'c d', 'café'])));
    expect(text(hidingOf(7, [1], ['a']))).toBe(text(hidingOf(8, [2, 3, 4], ['b', 'C'])));
    expect(hiddenConditions(new SqlParams(), hidingOf(7, [], ['cat']))).toEqual(["NOT (regexp_split_to_array(lower(p.content), '[^[:alnum:]_]+') && $1::text[])"]);
    expect(hiddenConditions(new SqlParams(), hidingOf(7, [], ['hot dog']))).toEqual(['p.content !~* $1']);
  });

  it('keeps only the accounts for lists of one account, a thread or bookmarks', () => {
    const rule = hidingOf(7, [3], ['cat'], true);
    expect(accountsOnly(rule)).toEqual({ ...rule, words: [], notInterested: false });
    const plain = hidingOf(7, [3]);
    expect(accountsOnly(plain)).toBe(plain);
  });

  it('judges a post already read by its author and its words, as matchesMutedWords does', () => {
    const rule = hidingOf(7, [3], ['hot dog']);
    expect(hidesPost(rule, { user_id: 3, content: 'fine' })).toBe(true);
    expect(hidesPost(rule, { user_id: 4, content: 'HOT\n dog!' })).toBe(matchesMutedWords('HOT\n dog!', ['hot dog']));
    expect(hidesPost(rule, { user_id: 4, content: 'hotdog' })).toBe(false);
    expect(hidesPost(NOTHING_HIDDEN, { user_id: 4, content: 'hot dog' })).toBe(false);
  });

  it('escapes the regular-expression specials of a muted word and lets a space stand for any whitespace', () => {
    expect(mutedWordsPattern(['a.b', 'c++ d'])).toBe('(?<![[:alnum:]_])(?:a\\.b|c\\+\\+\\s+d)(?![[:alnum:]_])');
    expect(mutedWordsPattern(['(x) [y] {z} ^$|?*\\'])).toBe('(?<![[:alnum:]_])(?:\\(x\\)\\s+\\[y\\]\\s+\\{z\\}\\s+\\^\\$\\|\\?\\*\\\\)(?![[:alnum:]_])');
  });
});
