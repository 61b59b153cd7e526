import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomePage } from './HomePage';
import { RealtimeConnection } from '../../queries/RealtimeConnection';
import { setSocketFactory } from '../../realtime/socket';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { FakeSocket } from '../../test/notifications';
import { makePost, page } from '../../test/posts';

/** The bare signal the server sends: neither the post nor its author. */
const created = (overrides: { category?: string; createdAt?: string } = {}) => ({
  category: 'General',
  createdAt: new Date().toISOString(),
  ...overrides,
});

const feedCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/posts?'));

describe("Home 'N new posts' pill", () => {
  let socket: FakeSocket;
  let calls: FetchCall[];

  beforeEach(() => {
    setSession(testUser());
    socket = new FakeSocket();
    setSocketFactory(() => socket.asSocket());
    calls = stubFetch((raw) => {
      const url = new URL(raw, 'http://localhost');
      if (url.pathname === '/api/posts') return jsonResponse(page([makePost({ id: 1 })]));
      if (url.pathname === '/api/notifications/status') return jsonResponse({});
      return jsonResponse({ id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false });
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  const push = (payload: ReturnType<typeof created>) => act(() => void socket.emit('post:created', payload));

  it('counts pushed posts for this feed, skipping any no newer than the newest shown; clicking reloads from the top and resets', async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <RealtimeConnection />
        <HomePage />
      </>,
    );
    await screen.findByText('Hello from above the clouds.');
    act(() => socket.serverConnect());
    const bar = document.querySelector('.new-posts-bar');
    expect(bar).toHaveAttribute('role', 'status');
    expect(bar).toBeEmptyDOMElement();

    push(created());
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
    push(created({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() })); // older than the post shown: already there
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
    push(created({ category: 'Travel' }));
    expect(screen.getByRole('button', { name: '2 new posts' })).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-live', 'polite');

    const before = feedCalls(calls).length;
    await user.click(screen.getByRole('button', { name: '2 new posts' }));
    await waitFor(() => expect(feedCalls(calls).length).toBe(before + 1));
    expect(feedCalls(calls).at(-1)?.url).not.toContain('cursor=');
    expect(window.scrollTo).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  });

  it('with a feed chosen, counts only posts in that category', async () => {
    localStorage.setItem('selectedCategory', 'Travel');
    renderAt(
      <>
        <RealtimeConnection />
        <HomePage />
      </>,
    );
    await screen.findByText('Feed: Travel');
    act(() => socket.serverConnect());
    push(created({ category: 'News' }));
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
    push(created({ category: 'Travel' }));
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
  });

  it('the Following tab and a search do not count (the event cannot tell whether the post belongs)', async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <RealtimeConnection />
        <HomePage />
      </>,
    );
    await screen.findByText('Hello from above the clouds.');
    push(created());
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
    push(created());
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  });
});
