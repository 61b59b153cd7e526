import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { MESSAGES, PWA_MESSAGES } from '@cloud9/contracts';
import { HomePage } from './HomePage';
import { persisted } from '../../lib/persisted';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const plan = { id: 5, name: 'Basic', postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false };

/** The browser's word on the network, and the event that says it changed. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('Home offline', () => {
  beforeEach(() => setSession(testUser()));

  it('keeps the default feed’s first page, and shows it read-only and marked when offline; back online, the live feed', async () => {
    const seen = makePost({ id: 41, content: 'Seen before the tunnel' });
    let posts = [seen];
    stubFetch((raw) => (new URL(raw, 'http://localhost').pathname === '/api/posts' ? jsonResponse(page(posts)) : jsonResponse(plan)));
    renderAt(<HomePage />);
    expect(await screen.findByText('Seen before the tunnel')).toBeInTheDocument();
    expect(persisted.homeFirstPage(testUser().id).get()?.map((p) => p.id)).toEqual([41]);

    setOnline(false);
    expect(screen.getByText(PWA_MESSAGES.offlineHomeNote)).toBeInTheDocument();
    expect(screen.getByText('Seen before the tunnel')).toBeInTheDocument();
    // Read-only: no composer, no actions on the posts.
    expect(screen.queryByRole('form', { name: 'Create a post' })).toBeNull();
    expect(screen.queryByRole('button', { name: /like/i })).toBeNull();

    posts = [makePost({ id: 42, content: 'Posted while away' }), seen];
    setOnline(true);
    expect(await screen.findByText('Posted while away')).toBeInTheDocument();
    expect(screen.queryByText(PWA_MESSAGES.offlineHomeNote)).toBeNull();
  });

  it('says there is nothing saved yet rather than showing an empty feed or a spinner', () => {
    stubFetch(() => jsonResponse(plan));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(<HomePage />);
    expect(screen.getByText(PWA_MESSAGES.offlineHomeEmpty)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.empty.noPosts)).toBeNull();
  });

  it('forgets the saved page when the account signs out', () => {
    persisted.homeFirstPage(testUser().id).set([makePost({ id: 1 })]);
    useSessionStore.getState().clearSession();
    expect(persisted.homeFirstPage(testUser().id).get()).toBeNull();
  });
});
