import { testUser } from './test/utils';

const loadSignedIn = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./app/screens', () => ({ loadSignedIn }));

describe('boot script', () => {
  beforeEach(() => {
    vi.resetModules();
    loadSignedIn.mockClear();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('signed in (a stored user): starts loading the shell and the current screen', async () => {
    localStorage.setItem('currentUser', JSON.stringify(testUser()));
    window.history.replaceState(null, '', '/settings');
    await import('./boot');
    expect(loadSignedIn).toHaveBeenCalledWith('/settings');
  });

  it('signed out: downloads nothing more, as the sign-in page needs only the first load', async () => {
    window.history.replaceState(null, '', '/settings');
    await import('./boot');
    expect(loadSignedIn).not.toHaveBeenCalled();
  });
});
