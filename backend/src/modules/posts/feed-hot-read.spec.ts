import { hotFeedQuery } from './feed-hot-read';

describe('hotFeedQuery', () => {
  it('reads the feed pages’ keys as the route’s schema does', () => {
    expect(hotFeedQuery({})).toEqual({});
    expect(hotFeedQuery({ cursor: 'abc', limit: '007', tab: 'following', category: 'News' })).toEqual({ cursor: 'abc', limit: 7, tab: 'following', category: 'News' });
    expect(hotFeedQuery({ category: '' })).toEqual({ category: undefined });
    expect(hotFeedQuery({ limit: '100' })).toEqual({ limit: 100 });
  });

  it('leaves every other query to the full route: other keys, repeated keys, values the schema refuses', () => {
    for (const raw of [
      { search: 'x' },
      { tag: 'news' },
      { username: 'bob' },
      { unknown: '1' },
      { limit: ['1', '2'] },
      { limit: '0' },
      { limit: '101' },
      { limit: '2.5' },
      { limit: '-1' },
      { limit: '' },
      { tab: 'nope' },
      { category: 'news' },
      { cursor: 'x'.repeat(501) },
      { cursor: { a: '1' } },
    ]) {
      expect(hotFeedQuery(raw)).toBeUndefined();
    }
  });
});
