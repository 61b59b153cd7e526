import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type GifObject } from '@cloud9/contracts';
import { GlobalGifPicker } from './GlobalGifPicker';
import { HomeGifWidget } from './HomeGifWidget';
import { jsonResponse, renderAt, stubFetch } from '../../test/utils';

const gif = (id: string): GifObject => ({
  id,
  url: `https://giphy.com/gifs/${id}`,
  title: `Winner ${id}`,
  is_sticker: 0,
  images: { fixed_height: { url: `https://media.giphy.com/${id}/200.gif` }, fixed_width_small: { url: `https://media.giphy.com/${id}/100w.gif` } },
});
const gifs = (items: GifObject[], total = items.length) => ({ data: items, pagination: { total_count: total, count: items.length, offset: 0 }, meta: { status: 200, msg: 'OK' } });

describe('global GIF picker (10 per page, pg-13)', () => {
  it("shows 'Loading...', then trending; choosing stores the fixed-height URL", async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = stubFetch(() => new Promise<Response>((r) => (answer = r)));
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={onPick} onClose={vi.fn()} />);
    expect(screen.getByText(MESSAGES.gifs.loading)).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    const url = new URL(calls[0].url, 'http://localhost');
    expect(url.pathname).toBe('/api/gifs/trending');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('rating')).toBe('pg-13');
    await act(async () => answer(jsonResponse(gifs([gif('a'), gif('b')]))));
    await user.click(await screen.findByRole('button', { name: 'Winner b' }));
    expect(onPick).toHaveBeenCalledWith('https://media.giphy.com/b/200.gif');
  });

  it("shows 'No matches found.' for an empty search", async () => {
    const calls = stubFetch((u) => jsonResponse(u.includes('/search') ? gifs([]) : gifs([gif('a')])));
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Winner a' });
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'zzqx');
    expect(await screen.findByText(MESSAGES.gifs.noMatches, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toContain('/api/gifs/search?q=zzqx');
  });

  it("shows 'Error loading GIFs.' with a 'Try again?' link that retries", async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => (fail ? jsonResponse({ success: false, error: 'down', statusCode: 500 }, 500) : jsonResponse(gifs([gif('c')]))));
    const user = userEvent.setup();
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText(MESSAGES.gifs.errorLoading)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('link', { name: MESSAGES.gifs.tryAgain }));
    expect(await screen.findByRole('button', { name: 'Winner c' })).toBeInTheDocument();
  });

  it('says GIF search is not configured on 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ success: false, error: MESSAGES.gifs.notConfigured, statusCode: 503 }, 503));
    renderAt(<GlobalGifPicker onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText(MESSAGES.gifs.notConfigured)).toBeInTheDocument();
  });
});

describe('home GIF widget (20 per page, rating g)', () => {
  it('asks for 20 rated g and shows the home error text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubFetch(() => jsonResponse({ success: false, error: 'down', statusCode: 500 }, 500));
    renderAt(<HomeGifWidget onPick={vi.fn()} />);
    expect(screen.getByText(MESSAGES.gifs.loading)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.gifs.homeError)).toBeInTheDocument();
    const url = new URL(calls[0].url, 'http://localhost');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('rating')).toBe('g');
  });

  it("shows 'No matches found.' when nothing is trending", async () => {
    stubFetch(() => jsonResponse(gifs([])));
    renderAt(<HomeGifWidget onPick={vi.fn()} />);
    expect(await screen.findByText(MESSAGES.gifs.noMatches)).toBeInTheDocument();
  });
});
