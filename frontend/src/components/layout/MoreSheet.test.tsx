import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { Layout } from './Layout';
import { useDonationStore } from '../../stores/donation';
import { alertTexts, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

/** The sheet as the shell opens it: from the header's More button. */
async function openSheet(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getAllByRole('button', { name: 'More' })[0];
  await user.click(opener);
  return { opener, sheet: await screen.findByRole('dialog', { name: 'More' }) };
}

describe('MoreSheet', () => {
  beforeEach(() => {
    stubFetch(() => jsonResponse({ success: true }));
    useDonationStore.setState({ open: false });
  });

  it('holds Settings, Cloud 9, the topics and feeds, Gift Us and Logout; Admin Tools for group 1 only', async () => {
    setSession(testUser({ group_id: 5 }));
    const user = userEvent.setup();
    renderAt(<Layout />);
    const { sheet } = await openSheet(user);
    for (const name of ['Settings', 'Cloud 9']) expect(sheet.querySelector(`a[href="/${name === 'Settings' ? 'settings' : 'cloud9'}"]`)).toHaveAccessibleName(name);
    for (const heading of ['Trending topics', 'Feeds', 'Support Cloud 9']) expect(screen.getAllByRole('heading', { name: heading }).some((h) => sheet.contains(h))).toBe(true);
    expect(sheet.querySelector('button.btn-gold')).toHaveTextContent('Gift Us');
    expect(Array.from(sheet.querySelectorAll('button')).some((b) => b.textContent === 'Logout')).toBe(true);
    expect(sheet.querySelector('a[href="/admin-tools"]')).toBeNull();
  });

  it('shows Admin Tools to group 1', async () => {
    setSession(testUser({ group_id: 1 }));
    const user = userEvent.setup();
    renderAt(<Layout />);
    const { sheet } = await openSheet(user);
    expect(sheet.querySelector('a[href="/admin-tools"]')).toHaveAccessibleName('Admin Tools');
  });

  it('has a visible Close button, keeps focus inside, and gives focus back to its opener on Escape and on Close', async () => {
    setSession(testUser());
    const user = userEvent.setup();
    renderAt(<Layout />);
    const { opener, sheet } = await openSheet(user);
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 40; i += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    const again = await openSheet(user);
    const closes = screen.getAllByRole('button', { name: 'Close' }).filter((b) => again.sheet.contains(b));
    await user.click(closes[closes.length - 1]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument());
    expect(again.opener).toHaveFocus();
  });

  it('closes when a page is chosen, and goes there', async () => {
    setSession(testUser());
    const user = userEvent.setup();
    renderAt(<Layout />);
    const { sheet } = await openSheet(user);
    await user.click(sheet.querySelector<HTMLAnchorElement>('a[href="/cloud9"]')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/cloud9');
  });

  it('Gift Us closes the sheet and opens the donation dialog', async () => {
    setSession(testUser());
    const user = userEvent.setup();
    renderAt(<Layout />);
    const { sheet } = await openSheet(user);
    await user.click(sheet.querySelector<HTMLButtonElement>('button.btn-gold')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).not.toBeInTheDocument());
    expect(useDonationStore.getState().open).toBe(true);
  });

  it('Logout signs out and goes to /login', async () => {
    setSession(testUser());
    const user = userEvent.setup();
    renderAt(<Layout />, '/settings');
    const { sheet } = await openSheet(user);
    const logout = Array.from(sheet.querySelectorAll('button')).find((b) => b.textContent === 'Logout')!;
    await user.click(logout);
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.loggedOut));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
