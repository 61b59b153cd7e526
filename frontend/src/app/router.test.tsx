import { act, configure, screen, waitFor } from '@testing-library/react';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { AppRoutes } from './router';
import { loadSignedIn } from './signedInCode';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts } from '../test/utils';
import { FakeSocket } from '../test/notifications';
import { setSocketFactory } from '../realtime/socket';
import { useNotificationsStore } from '../stores/notifications';
import { useSessionStore } from '../stores/session';

/** What the shell put off until after the first screen, run by hand here (lib/idle.ts). */
const deferred = vi.hoisted(() => [] as { task: () => void; delayMs: number }[]);
vi.mock('../lib/idle', () => ({
  afterDelayWhenIdle: (task: () => void, delayMs: number) => {
    deferred.push({ task, delayMs });
    return () => undefined;
  },
}));

describe('routing guard', () => {
  // Each test loads the lazy shell and a lazy screen: their first transform alone can take over the
  // default second on a busy machine (the whole suite run), so the waits get five.
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  // The shell's and Home's first transform happens here, outside any test's own wait: beside the
  // build and the type-check it took over five seconds.
  beforeAll(() => loadSignedIn('home'), 60_000);
  beforeEach(() => stubFetch(() => jsonResponse({ success: false, error: 'Not found.', statusCode: 404 }, 404)));

  it.each(['/', '/settings', '/profile/someone', '/admin-tools', '/nowhere'])('signed out: %s redirects to /login', async (path) => {
    setSession(null);
    renderAt(<AppRoutes />, path);
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('signed out: /login renders the login page', async () => {
    setSession(null);
    renderAt(<AppRoutes />, '/login');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['/nowhere', '/login', '/post'])('signed in: %s redirects to /', async (path) => {
    setSession(testUser());
    renderAt(<AppRoutes />, path);
    expect(await screen.findByText(MESSAGES.empty.noPosts)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('signed in: known routes render their screens inside the shell, titled after the screen', async () => {
    setSession(testUser());
    renderAt(<AppRoutes />, '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    // The shell's effects (the tab's title) may land a render after the screen's heading.
    await waitFor(() => expect(document.title).toBe('Settings · Cloud 9 Social'));
    // The side nav and the phone's tab bar: CSS shows one of them for the window's width.
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(2);
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it("signed out: a post's permalink stays, read-only, with a way to log in", async () => {
    setSession(null);
    renderAt(<AppRoutes />, '/post/42');
    expect(await screen.findByText(MESSAGES.thread.gone)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/post\/42$/);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('signed in: /post/:id shows not found when the post cannot be loaded', async () => {
    setSession(testUser());
    renderAt(<AppRoutes />, '/post/42');
    expect(await screen.findByText(MESSAGES.thread.gone)).toBeInTheDocument();
  });

  it('signed in non-admin: /admin-tools shows Unauthorized Access', async () => {
    setSession(testUser({ group_id: 6 }));
    renderAt(<AppRoutes />, '/admin-tools');
    expect(await screen.findByText('Unauthorized Access')).toBeInTheDocument();
  });

  it('signed in non-admin: /admin-reset alerts and goes to /', async () => {
    setSession(testUser({ group_id: 6 }));
    renderAt(<AppRoutes />, '/admin-reset');
    expect(await screen.findByText(MESSAGES.empty.noPosts)).toBeInTheDocument();
    await waitFor(() => expect(alertTexts()).toEqual([MESSAGES.admin.resetUnauthorized]));
    expect(window.alert).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('admin: /admin-tools lists the tools and links to the reset form', async () => {
    setSession(testUser({ group_id: 1 }));
    renderAt(<AppRoutes />, '/admin-tools');
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized Access')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open reset form' })).toHaveAttribute('href', '/admin-reset');
  });

  it('admin: /admin-reset shows the labelled form without alerting', async () => {
    setSession(testUser({ group_id: 1 }));
    renderAt(<AppRoutes />, '/admin-reset');
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(alertTexts()).toEqual([]);
  });

  it('signed in: /@username opens that profile (the modal link form)', async () => {
    setSession(testUser());
    renderAt(<AppRoutes />, '/@cloudy');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\/cloudy$/));
  });

  it('signed in, with the code of the shell and the screen already here (the boot script loads them): the screen is drawn in the first render, without a skeleton', async () => {
    setSession(testUser());
    await loadSignedIn('settings');
    renderAt(<AppRoutes />, '/settings');
    // No find: the heading is there as the render returns, with no frame or skeleton first.
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('signed in: the shell shows the stored dot at once and opens the socket only after the first screen; signing out closes it and clears the dot', async () => {
    const socket = new FakeSocket();
    setSocketFactory(() => socket.asSocket());
    deferred.length = 0;
    localStorage.setItem('latestUserAlert', '2025-06-01T10:00:00.000Z');
    setSession(testUser());
    renderAt(<AppRoutes />, '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Notifications, new' }).length).toBeGreaterThan(0);
    expect(socket.connect).not.toHaveBeenCalled();

    // At the latest after LIMITS.afterFirstScreenMs; here the screen's requests have answered, which may bring it sooner.
    expect(deferred.map((d) => d.delayMs)).toContain(LIMITS.afterFirstScreenMs);
    act(() => deferred[0].task());
    await waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    act(() => useSessionStore.getState().clearSession());
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(useNotificationsStore.getState()).toMatchObject({ alertsDot: false, userId: null });
  });
});
