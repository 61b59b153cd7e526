import { apiRequest, onUnauthorized } from './client';
import { startEarly, takeEarly } from './early';
import { jsonResponse, stubFetch } from '../test/utils';

describe('early reads', () => {
  afterEach(() => vi.useRealTimers());

  it('a GET of a path the boot script started takes its answer once; the next read asks the server', async () => {
    let answered = 0;
    const calls = stubFetch(() => jsonResponse({ n: ++answered }));
    startEarly(['/api/groups']);
    expect(calls).toHaveLength(1);
    expect(await apiRequest('/api/groups')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    expect(await apiRequest('/api/groups')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('only the exact path and a GET take it', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    startEarly(['/api/posts?limit=20']);
    await apiRequest('/api/posts?limit=20&tab=following');
    await apiRequest('/api/posts?limit=20', { method: 'POST', body: {} });
    expect(calls).toHaveLength(3);
    expect(takeEarly('/api/posts?limit=20')).not.toBeNull();
  });

  it('an early read that failed on the network is made again', async () => {
    let first = true;
    const calls = stubFetch(() => {
      if (first) {
        first = false;
        return Promise.reject(new TypeError('offline'));
      }
      return jsonResponse({ ok: true });
    });
    startEarly(['/api/mutes']);
    expect(await apiRequest('/api/mutes')).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('an early 401 signs out like any other (the 401 handlers run)', async () => {
    const signOut = vi.fn();
    const remove = onUnauthorized(signOut);
    stubFetch(() => jsonResponse({ success: false, error: 'Please log in.', statusCode: 401 }, 401));
    startEarly(['/api/me']);
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    remove();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('an answer is read to its end even when nobody takes it (its request must end); one with no body is taken as such', async () => {
    // A body in three parts, each given only when asked for: it ends only if someone reads it.
    const parts = ['{"a"', ':', '1}'];
    let ended = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(parts.shift()));
        if (parts.length === 0) {
          controller.close();
          ended = true;
        }
      },
    });
    stubFetch((url) => (url === '/api/mutes' ? new Response(body, { status: 200 }) : new Response(null, { status: 204 })));
    startEarly(['/api/mutes', '/api/blocks']);
    await vi.waitFor(() => expect(ended).toBe(true));
    expect(await apiRequest('/api/blocks')).toBeNull();
    expect(await apiRequest('/api/mutes')).toEqual({ a: 1 });
  });

  it('an answer not taken within ten seconds is dropped', () => {
    vi.useFakeTimers();
    stubFetch(() => jsonResponse({}));
    startEarly(['/api/blocks']);
    vi.advanceTimersByTime(10_001);
    expect(takeEarly('/api/blocks')).toBeNull();
  });
});
