import { Link } from 'react-router-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { HomePage } from './HomePage';
import { addCreatedPost } from '../../queries/posts';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };

function stubFeed(handler: (url: URL) => unknown = () => page([])) {
  return stubFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname === '/api/posts') return jsonResponse(handler(url));
    return jsonResponse(plan);
  });
}
const feedCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/posts?')).map((c) => new URL(c.url, 'http://localhost'));

describe('HomePage', () => {
  beforeEach(() => setSession(testUser()));
  afterEach(() => vi.useRealTimers());

  it("shows 'No posts to display.' for an empty feed", async () => {
    stubFeed();
    renderAt(<HomePage />);
    expect(await screen.findByText(MESSAGES.empty.noPosts)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Create a post' })).toBeInTheDocument();
  });

  it('search waits 200 ms after typing, and passes @user through as search=', async () => {
    vi.useFakeTimers();
    const calls = stubFeed();
    renderAt(<HomePage />);
    await act(async () => undefined);
    expect(feedCalls(calls)).toHaveLength(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), { target: { value: '@sky' } });
    await act(async () => vi.advanceTimersByTime(100));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), { target: { value: '@skyler clouds' } });
    await act(async () => vi.advanceTimersByTime(199));
    expect(feedCalls(calls)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    const searches = feedCalls(calls).slice(1);
    expect(searches).toHaveLength(1);
    expect(searches[0].searchParams.get('search')).toBe('@skyler clouds');
  });

  it('reads ?search= on arrival', async () => {
    const calls = stubFeed();
    renderAt(<HomePage />, '/?search=%40skyler');
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('@skyler');
    await waitFor(() => expect(feedCalls(calls)[0]?.searchParams.get('search')).toBe('@skyler'));
  });

  it('re-reads ?search= when the address changes while Home stays open, and keeps the new address', async () => {
    const calls = stubFeed();
    const user = userEvent.setup();
    renderAt(
      <>
        <Link to="/?search=%23Travel">#Travel</Link>
        <Link to="/">All posts</Link>
        <HomePage />
      </>,
      '/?search=%40skyler',
    );
    await user.click(screen.getByRole('link', { name: '#Travel' }));
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('#Travel');
    await waitFor(() => expect(feedCalls(calls).at(-1)?.searchParams.get('search')).toBe('#Travel'));
    await new Promise((r) => setTimeout(r, 250));
    expect(screen.getByTestId('search')).toHaveTextContent('?search=%23Travel');
    await user.click(screen.getByRole('link', { name: 'All posts' }));
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
    await waitFor(() => expect(feedCalls(calls).at(-1)?.searchParams.has('search')).toBe(false));
  });

  it('Following asks for tab=following', async () => {
    const calls = stubFeed();
    const user = userEvent.setup();
    renderAt(<HomePage />);
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    await waitFor(() => expect(feedCalls(calls).some((u) => u.searchParams.get('tab') === 'following')).toBe(true));
  });

  it("filters by the side panel's feed, shown as a chip that 'Show all feeds' clears", async () => {
    localStorage.setItem('selectedCategory', 'Travel');
    const calls = stubFeed();
    const user = userEvent.setup();
    renderAt(<HomePage />);
    expect(screen.getByText('Feed: Travel')).toBeInTheDocument();
    await waitFor(() => expect(feedCalls(calls)[0]?.searchParams.get('category')).toBe('Travel'));
    expect(screen.getByLabelText('Feed')).toHaveValue('Travel');
    await user.click(screen.getByRole('button', { name: 'Show all feeds' }));
    expect(screen.queryByText('Feed: Travel')).not.toBeInTheDocument();
    expect(localStorage.getItem('selectedCategory')).toBe('General');
    await waitFor(() => expect(feedCalls(calls).at(-1)?.searchParams.has('category')).toBe(false));
  });

  it('lists posts with badges, logs a failed fetch and offers a retry', async () => {
    let fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((raw) => {
      if (!raw.startsWith('/api/posts')) return jsonResponse(plan);
      if (fail) return jsonResponse({ success: false, error: 'down', statusCode: 503 }, 503);
      return jsonResponse(page([makePost({ id: 1, isAdminBoosted: true, content: 'Top story' }), makePost({ id: 2, isBoosted: true })]));
    });
    const user = userEvent.setup();
    renderAt(<HomePage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(logged).toHaveBeenCalledWith(MESSAGES.post.fetchFailed, expect.anything());
    expect(screen.queryByText(MESSAGES.post.fetchFailed)).not.toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Top story')).toBeInTheDocument();
    expect(screen.getByText(/Featured/)).toBeInTheDocument();
    expect(screen.getByText(/Boosted/)).toBeInTheDocument();
    expect(screen.getByText(/end of the sky/)).toBeInTheDocument();
  });

  it('shows a post from the global composer at the top', async () => {
    stubFeed(() => page([makePost({ id: 1, content: 'Older' })]));
    const { queryClient } = renderAt(<HomePage />);
    await screen.findByText('Older');
    // What the global composer's mutation does with the post it created.
    act(() => addCreatedPost(queryClient, makePost({ id: 5, content: 'Fresh from the modal' })));
    const articles = await screen.findAllByRole('article');
    expect(articles[0]).toHaveTextContent('Fresh from the modal');
  });

  it('loads the next page with the cursor (page 0 first, no cursor)', async () => {
    const calls = stubFeed((url) =>
      url.searchParams.get('cursor') === 'c1' ? page([makePost({ id: 2, content: 'Second page' })]) : page([makePost({ id: 1 })], 'c1'),
    );
    const user = userEvent.setup();
    renderAt(<HomePage />);
    // jsdom has no IntersectionObserver, so the sentinel falls back to a button.
    await user.click(await screen.findByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(feedCalls(calls)[0].searchParams.has('cursor')).toBe(false);
    expect(feedCalls(calls)[1].searchParams.get('cursor')).toBe('c1');
  });
});
