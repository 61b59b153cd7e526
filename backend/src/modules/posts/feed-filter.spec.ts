import { UnauthorizedException } from '@nestjs/common';
import { feedFilterOf, parseSearch } from './feed-filter';

describe('parseSearch', () => {
  it('takes @user tokens as authors and the rest as text', () => {
    expect(parseSearch('@alice cats')).toEqual({ authors: ['alice'], text: 'cats' });
    expect(parseSearch('  big @bob  dogs ')).toEqual({ authors: ['bob'], text: 'big dogs' });
  });
  it('an @user alone filters by author only', () => expect(parseSearch('@alice')).toEqual({ authors: ['alice'] }));
  it('keeps odd tokens as text', () => expect(parseSearch("@ a'b @x;drop")).toEqual({ authors: [], text: "@ a'b @x;drop" }));
  it('nothing gives nothing', () => expect(parseSearch(undefined)).toEqual({ authors: [] }));
});

describe('feedFilterOf', () => {
  it('needs a viewer for the following tab', () => {
    expect(() => feedFilterOf({ tab: 'following' }, null)).toThrow(UnauthorizedException);
    expect(feedFilterOf({ tab: 'following' }, 7).following).toBe(true);
  });
  it('joins the username query and @user tokens, case-insensitively and once', () => {
    expect(feedFilterOf({ username: 'Alice', search: '@alice hi' }, null).authors).toEqual(['alice']);
  });
  it('the category route wins over the query', () => {
    expect(feedFilterOf({ category: 'News' }, null, 'Travel').category).toBe('Travel');
  });
});
