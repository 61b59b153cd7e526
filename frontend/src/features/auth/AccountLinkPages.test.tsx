import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { useSessionStore } from '../../stores/session';
import { AccountLinkRoutes } from './AccountLinkPages';

const error = (status: number, message: string) => jsonResponse({ success: false, error: message, statusCode: status }, status);

describe('the pages a mail link opens', () => {
  afterEach(() => setSession(null));

  it('verify: one request per token even under StrictMode, the catalogue answer, and a way on', async () => {
    const calls = stubFetch((url) => (url.includes('/api/email/verify') ? jsonResponse({ success: true, message: MESSAGES.accountMail.verified }) : jsonResponse({})));
    renderAt(
      <StrictMode>
        <AccountLinkRoutes />
      </StrictMode>,
      '/verify-email?token=tok-1',
    );
    expect(await screen.findByText(MESSAGES.accountMail.verified)).toHaveAttribute('role', 'status');
    const verifies = calls.filter((c) => c.url.includes('/api/email/verify'));
    expect(verifies).toHaveLength(1);
    expect(JSON.parse(String(verifies[0].init.body))).toEqual({ token: 'tok-1' });
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it('verify: a used link says so as an alert; no token says the link is incomplete without a request', async () => {
    stubFetch(() => error(400, MESSAGES.accountMail.verifyLinkUsed));
    const { unmount } = renderAt(<AccountLinkRoutes />, '/verify-email?token=tok-used');
    expect(await screen.findByText(MESSAGES.accountMail.verifyLinkUsed)).toHaveAttribute('role', 'alert');
    unmount();
    const calls = stubFetch(() => jsonResponse({}));
    renderAt(<AccountLinkRoutes />, '/verify-email');
    expect(screen.getByText(MESSAGES.accountMail.tokenMissing)).toHaveAttribute('role', 'alert');
    expect(calls).toHaveLength(0);
  });

  it('forgot: sends the login and shows the same answer the server gives', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) => (url.includes('/api/password/forgot') ? jsonResponse({ success: true, message: MESSAGES.accountMail.resetSent }, 202) : jsonResponse({})));
    renderAt(<AccountLinkRoutes />, '/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.accountMail.forgotTitle })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or email'), '  skyler  ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(MESSAGES.accountMail.resetSent)).toHaveAttribute('role', 'status');
    expect(calls.filter((c) => c.url.includes('/api/password/forgot')).map((c) => JSON.parse(String(c.init.body)))).toEqual([{ login: 'skyler' }]);
  });

  it('reset: checks the sign-up rules and the confirmation first, then sets the password and signs this browser out', async () => {
    const user = userEvent.setup();
    setSession(testUser());
    const calls = stubFetch(() => jsonResponse({ success: true, message: MESSAGES.accountMail.passwordReset }));
    renderAt(<AccountLinkRoutes />, '/reset-password?token=tok-2');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(/at least 8/)).toHaveAttribute('role', 'alert');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(MESSAGES.auth.passwordsDoNotMatch)).toHaveAttribute('role', 'alert');
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MESSAGES.accountMail.passwordReset)).toHaveAttribute('role', 'status');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ token: 'tok-2', password: 'long-enough-1' });
    await waitFor(() => expect(useSessionStore.getState().currentUser).toBeNull());
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
