import { BadRequestException } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';
import { gifQueryKey, parseGifQuery } from './gif-query';
import { toGifSearchResponse } from './giphy.client';

const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('not refused');
};

describe('parseGifQuery', () => {
  it('applies the defaults (limit 20, offset 0, rating g) and normalises q', () => {
    expect(parseGifQuery('search', { q: '  Happy   CAT ' })).toEqual({ endpoint: 'search', q: 'happy cat', limit: 20, offset: 0, rating: 'g' });
    expect(parseGifQuery('trending', { q: 'ignored', limit: '', rating: 'PG-13' })).toEqual({ endpoint: 'trending', q: null, limit: 20, offset: 0, rating: 'pg-13' });
  });

  it('accepts the edges', () => {
    expect(parseGifQuery('search', { q: 'x'.repeat(100), limit: '50', offset: '4999', rating: 'r' })).toMatchObject({ limit: 50, offset: 4999, rating: 'r' });
    expect(parseGifQuery('trending', { limit: '1', offset: '0' })).toMatchObject({ limit: 1, offset: 0 });
  });

  it.each([
    [{}, MESSAGES.gifs.queryRequired],
    [{ q: '   ' }, MESSAGES.gifs.queryRequired],
    [{ q: 'x'.repeat(101) }, MESSAGES.gifs.queryRequired],
    [{ q: ['a', 'b'] }, MESSAGES.gifs.queryRequired],
    [{ q: 'cat', limit: '0' }, MESSAGES.gifs.invalidLimit],
    [{ q: 'cat', limit: '51' }, MESSAGES.gifs.invalidLimit],
    [{ q: 'cat', limit: '2.5' }, MESSAGES.gifs.invalidLimit],
    [{ q: 'cat', limit: '-1' }, MESSAGES.gifs.invalidLimit],
    [{ q: 'cat', offset: '5000' }, MESSAGES.gifs.invalidOffset],
    [{ q: 'cat', offset: 'abc' }, MESSAGES.gifs.invalidOffset],
    [{ q: 'cat', rating: 'nc-17' }, MESSAGES.gifs.invalidRating],
    [{ q: 'cat', rating: ['g', 'r'] }, MESSAGES.gifs.invalidRating],
  ])('refuses %j', (query, message) => {
    expect(refused(() => parseGifQuery('search', query as Record<string, unknown>))).toBe(message);
  });

  it('gives equal keys to equal normalised requests and different keys otherwise', () => {
    const key = (q: Record<string, unknown>) => gifQueryKey(parseGifQuery('search', q));
    expect(key({ q: 'Cat  party' })).toBe(key({ q: 'cat party', limit: '20', offset: '0', rating: 'g' }));
    expect(key({ q: 'cat' })).not.toBe(key({ q: 'cat', offset: '20' }));
    expect(key({ q: 'cat' })).not.toBe(gifQueryKey(parseGifQuery('trending', { q: 'cat' })));
  });
});

describe('toGifSearchResponse', () => {
  const hosts = ['media.giphy.com'];
  const rendition = (url: string) => ({ url, width: '200', height: '200', mp4: 'https://media.giphy.com/x.mp4', size: '99' });

  it('keeps only id, url, title, is_sticker and the six renditions on the media hosts', () => {
    const body = {
      data: [
        {
          id: 'a1',
          url: 'https://giphy.com/gifs/a1',
          title: 'Cat',
          is_sticker: 0,
          rating: 'g',
          user: { username: 'x' },
          analytics: { onload: { url: 'https://tracker' } },
          images: {
            fixed_height: rendition('https://media.giphy.com/a1/200.gif'),
            original: rendition('https://evil.example/a1.gif'),
            looping: rendition('https://media.giphy.com/a1/loop.mp4'),
          },
        },
        { id: 'a2', title: 'no fixed height', images: { original: rendition('https://media.giphy.com/a2.gif') } },
        { title: 'no id', images: { fixed_height: rendition('https://media.giphy.com/x.gif') } },
      ],
      pagination: { total_count: 3, count: 3, offset: 0 },
      meta: { status: 200, msg: 'OK', response_id: 'r1' },
    };
    expect(toGifSearchResponse(body, hosts)).toEqual({
      data: [{ id: 'a1', url: 'https://giphy.com/gifs/a1', title: 'Cat', is_sticker: 0, images: { fixed_height: { url: 'https://media.giphy.com/a1/200.gif', width: '200', height: '200' } } }],
      pagination: { total_count: 3, count: 1, offset: 0 },
      meta: { status: 200, msg: 'OK', response_id: 'r1' },
    });
  });

  it('refuses an answer without a data list', () => {
    expect(() => toGifSearchResponse({ message: 'nope' }, hosts)).toThrow('data');
  });
});
