import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { SettingsPage } from './SettingsPage';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts, answerConfirm } from '../../test/utils';

describe('Settings', () => {
  beforeEach(() => setSession(testUser()));

  it('filters blocks by the search box and says "No results found." when none match', async () => {
    stubFetch(() => jsonResponse({}, 404));
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const search = screen.getByPlaceholderText('Search settings...');
    expect(search).toHaveAttribute('data-page-search');
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeInTheDocument();

    await user.type(search, 'paypal');
    expect(screen.getByRole('heading', { name: 'Cloud 9 subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Delete account' })).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.empty.noResults)).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzzz-nothing');
    expect(screen.getByText(MESSAGES.empty.noResults)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('subscription block shows the PayPal manage link and, when the server has none (200, empty), no subscription yet', async () => {
    const calls = stubFetch(() => new Response('', { status: 200 }));
    renderAt(<SettingsPage />, '/settings');
    expect(screen.getByRole('link', { name: 'Manage on PayPal' })).toHaveAttribute('href', 'https://www.paypal.com/myaccount/autopay/');
    expect(await screen.findByText(MESSAGES.payment.noSubscription)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/get-subscription/7')).toBe(true);
  });

  it('subscription block shows the current subscription: plan, status, id and start date', async () => {
    stubFetch((url) =>
      url === '/api/get-subscription/7'
        ? jsonResponse({ planName: 'Silver', subscriptionId: 'I-ABC123', status: 'ACTIVE', createdAt: '2026-03-04T10:00:00.000Z' })
        : jsonResponse({}, 404),
    );
    renderAt(<SettingsPage />, '/settings');
    expect(await screen.findByText('Cloud 9 Silver')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('I-ABC123')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2026')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.payment.noSubscription)).not.toBeInTheDocument();
  });

  it('subscription block shows a subscription PayPal approved but has not made ACTIVE as Pending', async () => {
    stubFetch((url) =>
      url === '/api/get-subscription/7'
        ? jsonResponse({ planName: 'Gold', subscriptionId: 'I-PENDING1', status: 'APPROVED', createdAt: '2026-03-04T10:00:00.000Z' })
        : jsonResponse({}, 404),
    );
    renderAt(<SettingsPage />, '/settings');
    expect(await screen.findByText('Cloud 9 Gold')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText('Approved')).not.toBeInTheDocument();
  });

  it('delete account: asks for the password, confirms, sends DELETE /api/users/:id with it, clears the session and goes to /login', async () => {
    const calls = stubFetch((url, init) => (init.method === 'DELETE' ? jsonResponse({ success: true }) : jsonResponse({}, 404)));
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    await user.type(await screen.findByLabelText(MESSAGES.accountData.deletePasswordLabel), 'my secret pass');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await answerConfirm(user, MESSAGES.profile.confirmDeleteAccount, 'Delete account');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.profile.accountDeleted));
    const call = calls.find((c) => c.init.method === 'DELETE');
    expect(call?.url).toBe('/api/users/7');
    expect(JSON.parse(String(call?.init.body))).toEqual({ currentPassword: 'my secret pass' });
    expect(useSessionStore.getState().currentUser).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('delete account: without the password nothing is sent and it says the password is needed', async () => {
    const calls = stubFetch(() => jsonResponse({}, 404));
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.accountData.deletePasswordRequired));
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
  });

  it('delete account: declining the confirmation does nothing', async () => {
    const calls = stubFetch(() => jsonResponse({}, 404));
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    await user.type(await screen.findByLabelText(MESSAGES.accountData.deletePasswordLabel), 'my secret pass');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await answerConfirm(user, MESSAGES.profile.confirmDeleteAccount, 'Cancel');
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    expect(useSessionStore.getState().currentUser).not.toBeNull();
  });

  it("delete account: a wrong password shows the server's message and keeps the session", async () => {
    stubFetch((url, init) => (init.method === 'DELETE' ? jsonResponse({ success: false, error: MESSAGES.auth.currentPasswordWrong, statusCode: 403 }, 403) : jsonResponse({}, 404)));
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    await user.type(await screen.findByLabelText(MESSAGES.accountData.deletePasswordLabel), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await answerConfirm(user, MESSAGES.profile.confirmDeleteAccount, 'Delete account');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.auth.currentPasswordWrong));
    expect(useSessionStore.getState().currentUser).not.toBeNull();
  });
});
