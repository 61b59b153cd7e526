import { APP_CLIENT_HEADER, LIMITS, type GifObject, type GifPingbackEvent } from '@cloud9/contracts';
import { GIF_PINGBACK_ID } from '../../api/gifs';
import { createGifPingbackQueue, gifPingbacks } from './gifPingbacks';
import { jsonResponse, stubFetch } from '../../test/utils';

const gif = (id: string, payload: string | undefined = `e=${id}`): GifObject => ({
  id,
  url: '',
  title: id,
  is_sticker: 0,
  analytics_response_payload: payload,
  images: { fixed_height: { url: `https://media.giphy.com/${id}/200.gif` } },
});

describe('the GIF pingback queue (1 s debounce)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_800_000_000_000 }));
  afterEach(() => vi.useRealTimers());

  const queue = () => {
    const batches: GifPingbackEvent[][] = [];
    return { batches, q: createGifPingbackQueue({ send: (events) => batches.push(events) }) };
  };

  it('sends everything in one batch 1 s after the last event, each event in the provider format', () => {
    const { batches, q } = queue();
    q.seen([gif('a'), gif('b')]);
    vi.advanceTimersByTime(400);
    q.chosen(gif('b'));
    vi.advanceTimersByTime(LIMITS.pingbackDebounceMs - 1);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([
      [
        { action_type: 'SEEN', analytics_response_payload: 'e=a', ts: 1_800_000_000_000, user_id: GIF_PINGBACK_ID },
        { action_type: 'SEEN', analytics_response_payload: 'e=b', ts: 1_800_000_000_000, user_id: GIF_PINGBACK_ID },
        { action_type: 'CLICK', analytics_response_payload: 'e=b', ts: 1_800_000_000_400, user_id: GIF_PINGBACK_ID },
      ],
    ]);
    expect(q.pending).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(batches).toHaveLength(1);
  });

  it('every new event restarts the second: a steady stream waits for a pause', () => {
    const { batches, q } = queue();
    for (let i = 0; i < 5; i++) {
      q.seen([gif(`g${i}`)]);
      vi.advanceTimersByTime(900);
    }
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(100);
    expect(batches.map((b) => b.length)).toEqual([5]);
  });

  it('splits a large batch into requests of at most 50 events', () => {
    const { batches, q } = queue();
    q.seen(Array.from({ length: 120 }, (_, i) => gif(`g${i}`)));
    vi.advanceTimersByTime(LIMITS.pingbackDebounceMs);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('ignores GIFs without an analytics token', () => {
    const { batches, q } = queue();
    q.seen([{ ...gif('a'), analytics_response_payload: undefined }]);
    q.chosen(gif('b', ''));
    vi.advanceTimersByTime(LIMITS.pingbackDebounceMs);
    expect(batches).toHaveLength(0);
  });

  it('SENT for a posted GIF carries the token it was chosen with; an unknown GIF reports nothing', () => {
    const { batches, q } = queue();
    q.chosen(gif('a'));
    q.sent('https://media.giphy.com/a/200.gif');
    q.sent('https://media.giphy.com/a/200.gif');
    q.sent('https://media.giphy.com/zzz/200.gif');
    vi.advanceTimersByTime(LIMITS.pingbackDebounceMs);
    expect(batches[0].map((e) => [e.action_type, e.analytics_response_payload])).toEqual([
      ['CLICK', 'e=a'],
      ['SENT', 'e=a'],
    ]);
  });

  it('flush() sends at once, without waiting for the second', () => {
    const { batches, q } = queue();
    q.seen([gif('a')]);
    q.flush();
    expect(batches).toHaveLength(1);
    q.flush();
    expect(batches).toHaveLength(1);
  });

  it("the app's queue sends through our server as keepalive JSON when the page is hidden", () => {
    const calls = stubFetch(() => jsonResponse({ success: true }, 202));
    gifPingbacks.seen([gif('page')]);
    expect(calls).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls;
    expect(url).toBe('/api/gifs/pingback');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>)[APP_CLIENT_HEADER.name]).toBe(APP_CLIENT_HEADER.value);
    expect(JSON.parse(String(init.body))).toEqual({ events: [{ action_type: 'SEEN', analytics_response_payload: 'e=page', ts: 1_800_000_000_000, user_id: GIF_PINGBACK_ID }] });
  });
});
