import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabBar } from './TabBar';
import { useComposerStore } from '../../stores/composer';
import { useNotificationsStore } from '../../stores/notifications';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { publishRealtime } from '../../realtime/bus';
import { subscribeCacheToRealtime } from '../../queries/realtimeUpdates';
import { MoreSheet } from './MoreSheet';
import { makeAlert } from '../../test/notifications';

describe('TabBar', () => {
  beforeEach(() => {
    setSession(testUser());
    useNotificationsStore.getState().reset();
    useNotificationsStore.getState().start(7);
    useComposerStore.setState({ open: false });
  });

  it('holds Home, Messages, Post, Notifications and Profile, in that order', () => {
    renderAt(<TabBar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent);
    expect(names).toEqual(['Home', 'Messages', 'Post', 'Notifications', 'Profile']);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('marks the current tab with aria-current="page", and only that one', () => {
    renderAt(<TabBar />, '/notifications');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('Post opens the global composer', async () => {
    const user = userEvent.setup();
    renderAt(<TabBar />);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(useComposerStore.getState().open).toBe(true);
  });

  it('shows the unread dot on Notifications and names it "Notifications, new"', () => {
    renderAt(<TabBar />);
    expect(screen.queryByTestId('tab-notifications-dot')).not.toBeInTheDocument();
    act(() => useNotificationsStore.getState().alertArrived(makeAlert()));
    expect(screen.getByRole('link', { name: 'Notifications, new' })).toBeInTheDocument();
    expect(screen.getByTestId('tab-notifications-dot')).toBeInTheDocument();
  });

  it('Search, whose tab went to Messages, is in the More sheet and focuses the page search box', async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <MoreSheet onClose={() => undefined} />
        <input aria-label="page search" data-page-search="" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText('page search')).toHaveFocus());
  });

  it('Messages carries the count of unread messages and requests, read again when a message arrives', async () => {
    let unread = { unread: 2, requests: 1 };
    const calls = stubFetch((url) => (url === '/api/conversations/unread' ? jsonResponse(unread) : jsonResponse({})));
    const { queryClient } = renderAt(<TabBar />, '/messages/4');
    const stop = subscribeCacheToRealtime(queryClient);
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('tab-bar-count')).toHaveAttribute('data-count', '3');
    unread = { unread: 0, requests: 0 };
    act(() =>
      publishRealtime('dm:message', {
        conversationId: 4,
        message: { id: 9, conversationId: 4, senderId: 8, text: 'hi', media: null, gif: null, createdAt: new Date().toISOString(), deleted: false, reactions: [] },
      }),
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument());
    expect(screen.queryByTestId('tab-bar-count')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/conversations/unread')).toHaveLength(2);
    stop();
  });
});
