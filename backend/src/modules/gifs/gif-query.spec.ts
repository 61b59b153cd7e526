import { BadRequestException } from '@nestjs/common';
import { parsePingbackBatch } from './gif-pingback';
import { GIF_MESSAGES, MESSAGES } from '@cloud9/contracts';
import { gifQueryKey, parseGifQuery, parseGifRandomQuery, parsePingbackId } from './gif-query';
import { isLocationBlock, toGifCategoriesResponse, toGifRandomResponse, toGifSearchResponse } from './giphy-answers';

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
    expect(parseGifQuery('search', { q: '  Happy   CAT ' })).toEqual({ endpoint: 'search', q: 'happy cat', gifId: null, limit: 20, offset: 0, rating: 'g' });
    expect(parseGifQuery('trending', { q: 'ignored', limit: '', rating: 'PG-13' })).toEqual({ endpoint: 'trending', q: null, gifId: null, limit: 20, offset: 0, rating: 'pg-13' });
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

  it('reads gif_id for related only, and no rating for emoji', () => {
    expect(parseGifQuery('related', { gif_id: 'AbC123', q: 'ignored', limit: '5' })).toEqual({ endpoint: 'related', q: null, gifId: 'AbC123', limit: 5, offset: 0, rating: 'g' });
    expect(parseGifQuery('emoji', { rating: 'r', offset: '3' })).toEqual({ endpoint: 'emoji', q: null, gifId: null, limit: 20, offset: 3, rating: null });
    expect(parseGifQuery('search', { q: 'cat', gif_id: '../x' }).gifId).toBeNull();
  });

  it.each([{}, { gif_id: '' }, { gif_id: 'a/b' }, { gif_id: 'x'.repeat(51) }, { gif_id: ['a', 'b'] }])('refuses related %j', (query) => {
    expect(refused(() => parseGifQuery('related', query as Record<string, unknown>))).toBe(GIF_MESSAGES.invalidGifId);
  });

  it('random: an optional tag of at most 50 characters, normalised, and a rating', () => {
    expect(parseGifRandomQuery({})).toEqual({ tag: null, rating: 'g' });
    expect(parseGifRandomQuery({ tag: '  Happy  DOG ', rating: 'PG' })).toEqual({ tag: 'happy dog', rating: 'pg' });
    expect(refused(() => parseGifRandomQuery({ tag: 'x'.repeat(51) }))).toBe(GIF_MESSAGES.invalidTag);
    expect(refused(() => parseGifRandomQuery({ tag: 'cat', rating: 'x' }))).toBe(MESSAGES.gifs.invalidRating);
  });

  it('pingback_id: absent is null; letters and digits up to 32', () => {
    expect(parsePingbackId({})).toBeNull();
    expect(parsePingbackId({ pingback_id: 'a1B2' })).toBe('a1B2');
    for (const bad of ['a-b', 'x'.repeat(33), ['a', 'b']]) expect(refused(() => parsePingbackId({ pingback_id: bad }))).toBe(GIF_MESSAGES.invalidPingbackId);
  });

  it('gives equal keys to equal normalised requests and different keys otherwise', () => {
    const key = (q: Record<string, unknown>) => gifQueryKey(parseGifQuery('search', q));
    expect(key({ q: 'Cat  party' })).toBe(key({ q: 'cat party', limit: '20', offset: '0', rating: 'g' }));
    expect(key({ q: 'cat' })).not.toBe(key({ q: 'cat', offset: '20' }));
    expect(key({ q: 'cat' })).not.toBe(gifQueryKey(parseGifQuery('trending', { q: 'cat' })));
    const related = (id: string) => gifQueryKey(parseGifQuery('related', { gif_id: id }));
    expect(related('abc')).not.toBe(related('abd'));
  });
});

describe('toGifSearchResponse', () => {
  const hosts = ['media.giphy.com'];
  const rendition = (url: string) => ({ url, width: '200', height: '200', mp4: 'https://media.giphy.com/x.mp4', size: '99' });

  it('keeps only id, url, title, is_sticker, the analytics token and the six renditions on the media hosts', () => {
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
          analytics_response_payload: 'e=abc123',
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
      data: [
        {
          id: 'a1',
          url: 'https://giphy.com/gifs/a1',
          title: 'Cat',
          is_sticker: 0,
          analytics_response_payload: 'e=abc123',
          images: { fixed_height: { url: 'https://media.giphy.com/a1/200.gif', width: '200', height: '200' } },
        },
      ],
      pagination: { total_count: 3, count: 1, offset: 0 },
      meta: { status: 200, msg: 'OK', response_id: 'r1' },
    });
  });

  it('refuses an answer without a data list', () => {
    expect(() => toGifSearchResponse({ message: 'nope' }, hosts)).toThrow('data');
  });

  it('drops an analytics token that is not a bounded printable word', () => {
    const raw = (payload: unknown) => ({ data: [{ id: 'a', analytics_response_payload: payload, images: { fixed_height: rendition('https://media.giphy.com/a.gif') } }] });
    for (const bad of ['has space', 'x'.repeat(1001), 42, '']) expect(toGifSearchResponse(raw(bad), hosts).data[0]).not.toHaveProperty('analytics_response_payload');
  });

  it('categories keep name, name_encoded and a cover on the media hosts; random is one GIF or null', () => {
    const cover = { id: 'c1', images: { fixed_height: rendition('https://media.giphy.com/c1.gif') } };
    const categories = toGifCategoriesResponse(
      { data: [{ name: 'Cats', name_encoded: 'cats', subcategories: [{ name: 'x' }], gif: cover }, { name: '' }, { name: 'Dogs', gif: { id: 'd', images: {} } }], meta: { status: 200, msg: 'OK', response_id: 'r' } },
      hosts,
    );
    expect(categories.data).toEqual([
      { name: 'Cats', name_encoded: 'cats', gif: { id: 'c1', url: '', title: '', is_sticker: 0, images: { fixed_height: { url: 'https://media.giphy.com/c1.gif', width: '200', height: '200' } } } },
      { name: 'Dogs', name_encoded: 'Dogs', gif: null },
    ]);
    expect(toGifRandomResponse({ data: cover, meta: { status: 200, msg: 'OK' } }, hosts).data?.id).toBe('c1');
    expect(toGifRandomResponse({ data: [], meta: { status: 200, msg: 'OK' } }, hosts).data).toBeNull();
  });

  it('recognises the location block by 451 or by its text', () => {
    expect(isLocationBlock(451, null)).toBe(true);
    expect(isLocationBlock(403, { meta: { msg: MESSAGES.gifs.locationError } })).toBe(true);
    expect(isLocationBlock(400, { message: MESSAGES.gifs.locationError })).toBe(true);
    expect(isLocationBlock(403, { meta: { msg: 'Forbidden' } })).toBe(false);
  });
});

describe('parsePingbackBatch', () => {
  const now = 1_800_000_000_000;
  const ok = { action_type: 'SEEN', analytics_response_payload: 'e=abc', ts: now - 1000, user_id: 'p1' };

  it('keeps only the four fields of each event', () => {
    expect(parsePingbackBatch({ events: [{ ...ok, extra: 'x', logged_in_user_id: '7' }, { ...ok, action_type: 'SENT' }] }, now)).toEqual([ok, { ...ok, action_type: 'SENT' }]);
  });

  it.each([
    ['no body', null],
    ['no list', { events: 'x' }],
    ['an empty list', { events: [] }],
    ['51 events', { events: Array.from({ length: 51 }, () => ok) }],
    ['an unknown action', { events: [{ ...ok, action_type: 'HACK' }] }],
    ['a payload with spaces', { events: [{ ...ok, analytics_response_payload: 'a b' }] }],
    ['a payload too long', { events: [{ ...ok, analytics_response_payload: 'x'.repeat(1001) }] }],
    ['a time two days off', { events: [{ ...ok, ts: now - 2 * 86400_000 }] }],
    ['a string time', { events: [{ ...ok, ts: String(now) }] }],
    ['a bad pingback id', { events: [{ ...ok, user_id: '../x' }] }],
  ])('refuses %s', (_name, body) => {
    expect(refused(() => parsePingbackBatch(body, now))).toBe(GIF_MESSAGES.invalidPingback);
  });
});
