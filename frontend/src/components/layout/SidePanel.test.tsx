import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SidePanel } from './SidePanel';
import { useDonationStore } from '../../stores/donation';
import { renderAt, setSession, testUser } from '../../test/utils';

describe('SidePanel', () => {
  it.each([2, 3, 4, 5, 6, 9])('hides Admin Tools from group %i', (group_id) => {
    setSession(testUser({ group_id }));
    renderAt(<SidePanel />);
    expect(screen.queryByRole('link', { name: 'Admin Tools' })).not.toBeInTheDocument();
  });

  it('shows Admin Tools, linking to /admin-tools, to group 1 only', () => {
    setSession(testUser({ group_id: 1 }));
    renderAt(<SidePanel />);
    expect(screen.getByRole('link', { name: 'Admin Tools' })).toHaveAttribute('href', '/admin-tools');
  });

  it('stores the chosen feed under selectedCategory and goes Home', async () => {
    setSession(testUser());
    const user = userEvent.setup();
    renderAt(<SidePanel />, '/settings');
    await user.click(screen.getByRole('button', { name: /Technology/ }));
    expect(localStorage.getItem('selectedCategory')).toBe('Technology');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lists the trending topics and feeds from contracts', () => {
    setSession(testUser());
    renderAt(<SidePanel />);
    for (const topic of ['Health', 'LA', 'News', 'Politics', 'Entertainment', 'Frump', 'Social Media', 'Technology', 'Travel']) {
      expect(screen.getByRole('button', { name: new RegExp(`^#?${topic}$`) })).toBeInTheDocument();
    }
  });

  it('Gift Us opens the donation dialog', async () => {
    setSession(testUser());
    useDonationStore.setState({ open: false });
    const user = userEvent.setup();
    renderAt(<SidePanel />);
    await user.click(screen.getByRole('button', { name: 'Gift Us' }));
    expect(useDonationStore.getState().open).toBe(true);
  });
});
