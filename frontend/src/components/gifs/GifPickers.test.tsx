import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type GifObject } from '@cloud9/contracts';
import { GIF_LABELS } from './gifLabels';
import { gifPingbacks } from './gifPingbacks';
import { GlobalGifPicker } from './GlobalGifPicker';
import { HomeGifWidget } from './HomeGifWidget';
import { jsonResponse, renderAt, stubFetch, type FetchCall } from '../../test/utils';

const gif = (id: string): GifObject => ({
  id,
  url: `https://giphy.com/gifs/${id}`,
  title: `Winner ${id}`,
  is_sticker: 0,
  analytics_response_payload: `e=${id}`,
  images: { fixed_height: { url: `https://media.giphy.com/${id}/200.gif` }, fixed_width_small: { url: `https://media.giphy.com/${id}/100w.gif` } },
});
const gifs = (items: GifObject[], total = items.length) => ({ data: items, pagination: { total_count: total, count: items.length, offset: 0 }, meta: { status: 200, msg: 'OK' } });
const categories = { data: [{ name: 'Party', name_encoded: 'party', gif: gif('p') }, { name: 'Cats', name_encoded: 'cats', gif: null }], meta: { status: 200, msg: 'OK' } };
const apiError = (status: number, error: string) => jsonResponse({ success: false, error, statusCode: status }, status);

/** Answers each GIF endpoint by its path; `overrides` replace some of them. */
function stubGifApi(overrides: Record<string, (url: URL) => Response | Promise<Response>> = {}): FetchCall[] {
  const answers: Record<string, (url: URL) => Response | Promise<Response>> = {
    '/api/gifs/trending': () => jsonResponse(gifs([gif('a'), gif('b')])),
    '/api/gifs/search': (url) => jsonResponse(gifs([gif(`s-${url.searchParams.get('q')}`)])),
    '/api/gifs/categories': () => jsonResponse(categories),
    '/api/gifs/related': (url) => jsonResponse(gifs([gif(`r-${url.searchParams.get('gif_id')}`)])),
    '/api/gifs/emoji': () => jsonResponse(gifs([gif('smile')])),
    '/api/gifs/random': () => jsonResponse({ data: gif(`rnd${Math.random().toString(36).slice(2, 6)}`), meta: { status: 200, msg: 'OK' } }),
    '/api/gifs/pingback': () => jsonResponse({ success: true }, 202),
    ...overrides,
  };
  return stubFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    return (answers[url.pathname] ?? (() => jsonResponse({})))(url);
  });
}
const callsTo = (calls: FetchCall[], path: string) => calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === path);
const silenceErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

// The app has one analytics queue: what a test left waiting goes out to that test's own stub.
afterEach(() => gifPingbacks.flush());

describe('global GIF picker (10 per page, pg-13)', () => {
  it("shows 'Loading...', then trending; choosing stores the fixed-height URL", async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = stubGifApi({ '/api/gifs/trending': () => new Promise<Response>((r) => (answer = r)) });
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={onPick} onClose={vi.fn()} />);
    expect(screen.getByText(MESSAGES.gifs.loading)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, '/api/gifs/trending')).toHaveLength(1));
    const [url] = callsTo(calls, '/api/gifs/trending');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('rating')).toBe('pg-13');
    expect(url.searchParams.get('pingback_id')).toMatch(/^[A-Za-z0-9]{16}$/);
    await act(async () => answer(jsonResponse(gifs([gif('a'), gif('b')]))));
    await user.click(await screen.findByRole('button', { name: 'Winner b' }));
    expect(onPick).toHaveBeenCalledWith('https://media.giphy.com/b/200.gif');
  });

  it("shows 'No matches found.' for an empty search", async () => {
    const calls = stubGifApi({ '/api/gifs/search': () => jsonResponse(gifs([])) });
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Winner a' });
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'zzqx');
    expect(await screen.findByText(MESSAGES.gifs.noMatches, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toContain('/api/gifs/search?q=zzqx');
  });

  it("shows 'Error loading GIFs.' with a 'Try again?' link that retries", async () => {
    let fail = true;
    silenceErrors();
    stubGifApi({ '/api/gifs/trending': () => (fail ? apiError(500, 'down') : jsonResponse(gifs([gif('c')]))) });
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText(MESSAGES.gifs.errorLoading)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('link', { name: MESSAGES.gifs.tryAgain }));
    expect(await screen.findByRole('button', { name: 'Winner c' })).toBeInTheDocument();
  });

  it('says GIF search is not configured on 503', async () => {
    silenceErrors();
    stubFetch(() => apiError(503, MESSAGES.gifs.notConfigured));
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText(MESSAGES.gifs.notConfigured)).toBeInTheDocument();
  });

  it('offers the categories while the search is empty; a category searches its name at once and keeps focus in the picker', async () => {
    const calls = stubGifApi();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    const group = await screen.findByRole('group', { name: GIF_LABELS.categories });
    expect(Array.from(group.querySelectorAll('button')).map((b) => b.textContent)).toEqual([GIF_LABELS.emoji, 'Party', 'Cats']);
    // At once, not after the typing debounce (500 ms): with the clock stopped, no debounce can fire.
    vi.useFakeTimers();
    try {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Party' })));
      expect(callsTo(calls, '/api/gifs/search')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    const box = screen.getByRole('searchbox', { name: 'Search GIFs' });
    expect(box).toHaveValue('Party');
    expect(box).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Winner s-Party' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/gifs/search')[0].searchParams.get('rating')).toBe('pg-13');
    // While searching the chips give way to the results.
    expect(screen.queryByRole('group', { name: GIF_LABELS.categories })).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/gifs/categories')).toHaveLength(1);
  });

  it('Related on a result shows the GIFs like it under a focused heading; Back to trending returns', async () => {
    const calls = stubGifApi();
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: `${GIF_LABELS.related}: Winner b` }));
    expect(await screen.findByRole('button', { name: 'Winner r-b' })).toBeInTheDocument();
    const related = callsTo(calls, '/api/gifs/related')[0];
    expect([related.searchParams.get('gif_id'), related.searchParams.get('limit'), related.searchParams.get('rating')]).toEqual(['b', '10', 'pg-13']);
    expect(screen.getByText(GIF_LABELS.relatedTo('Winner b'))).toHaveFocus();
    await user.click(screen.getByRole('button', { name: GIF_LABELS.backToTrending }));
    expect(await screen.findByRole('button', { name: 'Winner a' })).toBeInTheDocument();
  });

  it('Random asks for a random GIF for the words in the box, and again for another', async () => {
    const calls = stubGifApi();
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Winner a' });
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'cat');
    await user.click(screen.getByRole('button', { name: GIF_LABELS.random }));
    expect(await screen.findByText(GIF_LABELS.randomTitle('cat'))).toHaveFocus();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Winner rnd/ })).toHaveLength(1));
    const first = screen.getByRole('button', { name: /^Winner rnd/ }).getAttribute('aria-label');
    const [random] = callsTo(calls, '/api/gifs/random');
    expect([random.searchParams.get('tag'), random.searchParams.get('rating')]).toEqual(['cat', 'pg-13']);
    await user.click(screen.getByRole('button', { name: GIF_LABELS.randomAgain }));
    await waitFor(() => expect(callsTo(calls, '/api/gifs/random')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Winner rnd/ }).getAttribute('aria-label')).not.toBe(first));
    expect(callsTo(calls, '/api/gifs/random')[1].searchParams.get('tag')).toBe('cat');
  });

  it("a random draw without a match says 'No matches found.'", async () => {
    stubGifApi({ '/api/gifs/random': () => jsonResponse({ data: null, meta: { status: 200, msg: 'OK' } }) });
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: GIF_LABELS.random }));
    expect(await screen.findByText(MESSAGES.gifs.noMatches)).toBeInTheDocument();
  });

  it("the Emoji chip shows the provider's emoji", async () => {
    const calls = stubGifApi();
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: GIF_LABELS.emoji }));
    expect(await screen.findByRole('button', { name: 'Winner smile' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/gifs/emoji')[0].searchParams.get('rating')).toBeNull();
  });

  it('reports the GIFs shown (SEEN) and the one chosen (CLICK) in one batch after a quiet second', async () => {
    const calls = stubGifApi();
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Winner b' }));
    expect(callsTo(calls, '/api/gifs/pingback')).toHaveLength(0);
    await waitFor(() => expect(callsTo(calls, '/api/gifs/pingback')).toHaveLength(1), { timeout: 2500 });
    const sent = calls.find((c) => c.url.endsWith('/api/gifs/pingback'))!;
    const { events } = JSON.parse(String(sent.init.body)) as { events: { action_type: string; analytics_response_payload: string }[] };
    expect(events.map((e) => [e.action_type, e.analytics_response_payload])).toEqual([
      ['SEEN', 'e=a'],
      ['SEEN', 'e=b'],
      ['CLICK', 'e=b'],
    ]);
  });
});

describe('the location block (451) in both pickers', () => {
  it.each([
    ['global picker', <GlobalGifPicker key="g" onPick={vi.fn()} onClose={vi.fn()} />],
    ['home widget', <HomeGifWidget key="h" onPick={vi.fn()} />],
  ])("the %s shows 'This content is not available in your location'", async (_name, picker) => {
    silenceErrors();
    stubGifApi({ '/api/gifs/trending': () => apiError(451, MESSAGES.gifs.locationError) });
    renderAt(picker);
    expect(await screen.findByText(MESSAGES.gifs.locationError)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.gifs.errorLoading)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.gifs.homeError, { exact: false })).not.toBeInTheDocument();
  });
});

describe('home GIF widget (20 per page, rating g)', () => {
  it('asks for 20 rated g and shows the home error text', async () => {
    silenceErrors();
    const calls = stubGifApi({ '/api/gifs/trending': () => apiError(500, 'down') });
    renderAt(<HomeGifWidget onPick={vi.fn()} />);
    expect(screen.getByText(MESSAGES.gifs.loading)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.gifs.homeError)).toBeInTheDocument();
    const [url] = callsTo(calls, '/api/gifs/trending');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('rating')).toBe('g');
  });

  it("shows 'No matches found.' when nothing is trending", async () => {
    stubGifApi({ '/api/gifs/trending': () => jsonResponse(gifs([])) });
    renderAt(<HomeGifWidget onPick={vi.fn()} />);
    expect(await screen.findByText(MESSAGES.gifs.noMatches)).toBeInTheDocument();
  });

  it('offers categories, Related and Random in its own page size and rating', async () => {
    const calls = stubGifApi();
    const user = userEvent.setup();
    renderAt(<HomeGifWidget onPick={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Cats' }));
    await user.click(await screen.findByRole('button', { name: `${GIF_LABELS.related}: Winner s-Cats` }));
    await screen.findByRole('button', { name: 'Winner r-s-Cats' });
    const related = callsTo(calls, '/api/gifs/related')[0];
    expect([related.searchParams.get('limit'), related.searchParams.get('rating')]).toEqual(['20', 'g']);
    await user.click(screen.getByRole('button', { name: GIF_LABELS.random }));
    await waitFor(() => expect(callsTo(calls, '/api/gifs/random')).toHaveLength(1));
    expect(callsTo(calls, '/api/gifs/random')[0].searchParams.get('rating')).toBe('g');
  });
});
