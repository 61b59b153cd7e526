import { testUser } from './test/utils';

const preloadScreen = vi.hoisted(() => vi.fn());
vi.mock('./app/screens', () => ({ preloadScreen }));

describe('boot script', () => {
  beforeEach(() => {
    vi.resetModules();
    preloadScreen.mockClear();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('signed in (a stored user): starts downloading the current screen, and with it the shell', async () => {
    localStorage.setItem('currentUser', JSON.stringify(testUser()));
    window.history.replaceState(null, '', '/settings');
    await import('./boot');
    expect(preloadScreen).toHaveBeenCalledWith('/settings');
  });

  it('signed out: downloads nothing more, as the sign-in page needs only the first load', async () => {
    window.history.replaceState(null, '', '/settings');
    await import('./boot');
    expect(preloadScreen).not.toHaveBeenCalled();
  });
});
