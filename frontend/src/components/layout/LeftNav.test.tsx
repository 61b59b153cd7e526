import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { LeftNav } from './LeftNav';
import { useComposerStore } from '../../stores/composer';
import { useNotificationsStore } from '../../stores/notifications';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';
import { makeAlert, status } from '../../test/notifications';

const noop = () => undefined;

describe('LeftNav', () => {
  beforeEach(() => {
    setSession(testUser());
    useNotificationsStore.getState().reset();
    useNotificationsStore.getState().start(7);
  });

  it('links to every signed-in screen', () => {
    renderAt(<LeftNav onOpenMore={noop} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const expected = { Home: '/', Profile: '/profile', Notifications: '/notifications', Settings: '/settings', 'Cloud 9': '/cloud9' };
    for (const [name, href] of Object.entries(expected)) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveAccessibleName(name);
    }
  });

  it('shows the notifications dot and names the link "Notifications, new" only when unseen', () => {
    renderAt(<LeftNav onOpenMore={noop} />);
    expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    act(() => useNotificationsStore.getState().alertArrived(makeAlert()));
    expect(screen.getByRole('link', { name: 'Notifications, new' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-dot')).toBeInTheDocument();
  });

  it('lights for an unseen system notice too, and clears when both are seen', () => {
    renderAt(<LeftNav onOpenMore={noop} />);
    act(() => useNotificationsStore.getState().applyStatus(status({ latestSystemNotice: '2025-06-01T10:00:00.000Z' })));
    expect(screen.getByRole('link', { name: 'Notifications, new' })).toBeInTheDocument();
    act(() => useNotificationsStore.getState().applyStatus(status({ lastSeenSystemNotices: '2025-06-01T10:00:01.000Z' })));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument();
  });

  it('Search focuses the page search box', async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <LeftNav onOpenMore={noop} />
        <input aria-label="page search" data-page-search="" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('page search')).toHaveFocus();
  });

  it('Search on a page without a search box goes Home and focuses Home\'s box once it is drawn', async () => {
    const user = userEvent.setup();
    renderAt(<LeftNav onOpenMore={noop} />, '/post/5');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    const box = document.createElement('input');
    box.setAttribute('data-page-search', '');
    document.body.append(box);
    await waitFor(() => expect(box).toHaveFocus());
    box.remove();
  });

  it('has the rail\'s Post (opens the composer) and More (opens the sheet) buttons', async () => {
    useComposerStore.setState({ open: false });
    const openMore = vi.fn();
    const user = userEvent.setup();
    renderAt(<LeftNav onOpenMore={openMore} />);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(useComposerStore.getState().open).toBe(true);
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(openMore).toHaveBeenCalledTimes(1);
  });

  it('Logout posts /api/logout, clears the session, alerts and goes to /login', async () => {
    useSessionStore.getState().setGroupLimits({ postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false });
    const calls = stubFetch(() => jsonResponse({ success: true }));
    const user = userEvent.setup();
    renderAt(<LeftNav onOpenMore={noop} />, '/settings');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.loggedOut));
    // Beside the Messages badge's read of the unread count.
    expect(calls.filter((c) => c.url !== '/api/conversations/unread')[0]).toMatchObject({ url: '/api/logout', init: { method: 'POST' } });
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('groupLimits')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
