import { act, screen, waitFor } from '@testing-library/react';
import { HomePage } from './HomePage';
import { RealtimeConnection } from '../../queries/RealtimeConnection';
import { setSocketFactory } from '../../realtime/socket';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { FakeSocket } from '../../test/notifications';
import { makePost, page } from '../../test/posts';

const postTexts = () => screen.getAllByRole('article').map((a) => a.querySelector('.post-text, p')?.textContent ?? a.textContent);

describe('Home feed on boosts:changed', () => {
  let socket: FakeSocket;
  let order: 'before' | 'after';

  beforeEach(() => {
    setSession(testUser());
    socket = new FakeSocket();
    setSocketFactory(() => socket.asSocket());
    order = 'before';
    const first = makePost({ id: 1, content: 'Older news' });
    const second = makePost({ id: 2, content: 'Boosted news' });
    stubFetch((raw) => {
      const url = new URL(raw, 'http://localhost');
      if (url.pathname === '/api/posts') return jsonResponse(page(order === 'before' ? [first, second] : [{ ...second, isBoosted: true }, first]));
      if (url.pathname === '/api/notifications/status') return jsonResponse({});
      return jsonResponse({ id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false });
    });
  });

  const mount = async () => {
    renderAt(
      <>
        <RealtimeConnection />
        <HomePage />
      </>,
    );
    await screen.findByText('Older news');
    act(() => socket.serverConnect());
  };

  it('reorders the feed in place, without a loading state, when boosts change near the top', async () => {
    await mount();
    expect(postTexts()[0]).toContain('Older news');
    order = 'after';
    act(() => void socket.emit('boosts:changed', { at: new Date().toISOString() }));
    // The old list stays while the new first page loads (no spinner in between).
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    await waitFor(() => expect(postTexts()[0]).toContain('Boosted news'));
    expect(screen.getByText('🚀 Boosted')).toBeInTheDocument();
  });

  it('leaves the feed alone when the reader has scrolled far down', async () => {
    await mount();
    Object.defineProperty(window, 'scrollY', { value: 5000, configurable: true });
    order = 'after';
    act(() => void socket.emit('boosts:changed', { at: new Date().toISOString() }));
    await new Promise((r) => setTimeout(r, 50));
    expect(postTexts()[0]).toContain('Older news');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
