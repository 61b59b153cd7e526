import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabBar } from './TabBar';
import { useComposerStore } from '../../stores/composer';
import { useNotificationsStore } from '../../stores/notifications';
import { renderAt, setSession, testUser } from '../../test/utils';
import { makeAlert } from '../../test/notifications';

describe('TabBar', () => {
  beforeEach(() => {
    setSession(testUser());
    useNotificationsStore.getState().reset();
    useNotificationsStore.getState().start(7);
    useComposerStore.setState({ open: false });
  });

  it('holds Home, Search, Post, Notifications and Profile, in that order', () => {
    renderAt(<TabBar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent);
    expect(names).toEqual(['Home', 'Search', 'Post', 'Notifications', 'Profile']);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
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

  it('Search focuses the page search box', async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <TabBar />
        <input aria-label="page search" data-page-search="" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('page search')).toHaveFocus();
  });
});
