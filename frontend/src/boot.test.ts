import { stubFetch, testUser } from './test/utils';

const loadSignedIn = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./app/signedInCode', () => ({ loadSignedIn }));

describe('boot script', () => {
  beforeEach(() => {
    vi.resetModules();
    loadSignedIn.mockClear();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("signed in (a stored user): starts loading the shell and the current screen, and the screen's first reads", async () => {
    localStorage.setItem('currentUser', JSON.stringify(testUser({ id: 7 })));
    window.history.replaceState(null, '', '/settings');
    const calls = stubFetch(() => new Response('{}'));
    await import('./boot');
    expect(loadSignedIn).toHaveBeenCalledWith('settings');
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/config', '/api/get-subscription/7', '/api/notifications/settings', '/api/mutes', '/api/blocks', '/api/muted-words']);
    expect(calls[0].init).toMatchObject({ credentials: 'include', headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } });
  });

  it('signed out: downloads and reads nothing more, as the sign-in page needs only the first load', async () => {
    window.history.replaceState(null, '', '/settings');
    const calls = stubFetch(() => new Response('{}'));
    await import('./boot');
    expect(loadSignedIn).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
