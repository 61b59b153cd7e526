import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { useSessionStore } from '../../stores/session';
import { alertTexts, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { AdminResetPage } from './AdminResetPage';
import { adminUser, expectNoNativeDialogs, lastAlert } from './adminTestKit';

function renderReset() {
  return renderAt(
    <Routes>
      <Route path="/" element={<p>Home screen</p>} />
      <Route path="/admin-reset" element={<AdminResetPage />} />
    </Routes>,
    '/admin-reset',
  );
}

/** GET /api/me answers `me`; POST /api/admin/reset-password answers `reset()`. */
function stubAdminApi(me: unknown, reset: () => Response | Promise<Response> = () => jsonResponse({ success: true, message: 'Password updated.' })) {
  return stubFetch((url) => (url === '/api/me' ? jsonResponse(me) : reset()));
}

afterEach(expectNoNativeDialogs);

describe('Admin reset page', () => {
  it('a stored non-admin gets the alert and lands on / without asking the server', async () => {
    setSession(testUser({ group_id: 6 }));
    const calls = stubAdminApi(testUser({ group_id: 6 }));
    renderReset();
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    await waitFor(() => expect(alertTexts()).toEqual([MESSAGES.admin.resetUnauthorized])); // once, not twice under StrictMode
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls).toHaveLength(0);
  });

  it("shows 'Loading Admin Data...' until /api/me confirms; a demoted admin is alerted and sent to /", async () => {
    setSession(adminUser());
    let answerMe: (r: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answerMe = resolve)));
    renderReset();
    expect(screen.getByText(MESSAGES.admin.loadingAdminData)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    answerMe(jsonResponse({ ...adminUser(), group_id: 5 }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.resetUnauthorized));
    expect(useSessionStore.getState().currentUser?.group_id).toBe(5);
  });

  it('both fields are required (HTML required, and checked before any request)', async () => {
    setSession(adminUser());
    const calls = stubAdminApi(adminUser());
    renderReset();
    const button = await screen.findByRole('button', { name: 'Reset Password' });
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('New Password');
    expect(username).toBeRequired();
    expect(password).toBeRequired();

    // Bypass the browser's own check to prove the form's: nothing is sent with empty fields.
    const user = userEvent.setup();
    username.closest('form')!.noValidate = true;
    await user.click(button);
    expect(screen.getByText(MESSAGES.auth.usernameRequired)).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    await user.type(username, 'bob');
    await user.click(button);
    expect(screen.getByText(MESSAGES.auth.passwordRequired)).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(calls.filter((c) => c.url !== '/api/me')).toHaveLength(0);
  });

  it('posts {username, newPassword} and alerts the server message; a failure alerts "Error: {message}"', async () => {
    setSession(adminUser());
    let reset = () => jsonResponse({ success: true, message: 'Password for bob was reset.' });
    const calls = stubAdminApi(adminUser(), () => reset());
    renderReset();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), ' bob ');
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(alertTexts()).toContain('Password for bob was reset.'));
    const post = calls.find((c) => c.url === '/api/admin/reset-password')!;
    expect(post.init.method).toBe('POST');
    expect(JSON.parse(String(post.init.body))).toEqual({ adminId: 1, username: 'bob', newPassword: 'brand-new-pass-1' });
    expect(screen.getByRole('button', { name: 'Reset Password' }).closest('form')).toHaveTextContent('Password for bob was reset.');
    expect(screen.getByLabelText('Username')).toHaveValue('');

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reset = () => jsonResponse({ success: false, error: 'User not found.', statusCode: 404 }, 404);
    await user.type(screen.getByLabelText('Username'), 'ghost');
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(lastAlert()).toBe('Error: User not found.'));
    expect(screen.getByLabelText('Username')).toHaveValue('ghost');
  });
});
