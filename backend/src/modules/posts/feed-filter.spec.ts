import { BadRequestException, UnauthorizedException } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';
import { feedFilterOf, parseSearch, tagOf } from './feed-filter';

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

describe('tagOf', () => {
  const refusal = (query: Parameters<typeof tagOf>[0], category?: Parameters<typeof tagOf>[1]) => {
    try {
      tagOf(query, category);
    } catch (error) {
      return error instanceof BadRequestException ? error.message : String(error);
    }
    return 'accepted';
  };
  it('is undefined without a tag query', () => expect(tagOf({ search: 'x' })).toBeUndefined());
  it('normalises the tag: any case, with or without #, spaces around', () => {
    for (const raw of ['news', 'NEWS', '#News', ' #news ']) expect(tagOf({ tag: raw })).toBe('news');
    expect(tagOf({ tag: '#Café', tab: 'foryou' })).toBe('café');
  });
  it('refuses what is not a tag', () => {
    for (const raw of ['', '#', '42', '_', 'two words', '##x', 'a'.repeat(65)]) expect(refusal({ tag: raw })).toBe(MESSAGES.hashtags.invalidTag);
  });
  it('refuses any other filter beside it', () => {
    for (const query of [{ search: 'x' }, { username: 'bob' }, { category: 'News' as const }, { tab: 'following' as const }]) {
      expect(refusal({ tag: 'news', ...query })).toBe(MESSAGES.hashtags.tagCannotCombine);
    }
    expect(refusal({ tag: 'news' }, 'News')).toBe(MESSAGES.hashtags.tagCannotCombine);
    expect(refusal({ tag: 'news', search: '  ' })).toBe('accepted');
  });
});
