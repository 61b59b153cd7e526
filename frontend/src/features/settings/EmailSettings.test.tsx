import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { useSessionStore } from '../../stores/session';
import { EmailSettings } from './EmailSettings';

describe("Settings' email block", () => {
  afterEach(() => setSession(null));

  it('shows an unverified address with the resend button, which answers in the catalogue words', async () => {
    const user = userEvent.setup();
    const me = testUser({ emailVerified: false });
    setSession(me);
    const calls = stubFetch(() => jsonResponse({ success: true, message: MESSAGES.accountMail.verificationSent }, 202));
    renderAt(<EmailSettings user={me} />);
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.accountMail.unverifiedBannerAction }));
    expect(await screen.findByText(MESSAGES.accountMail.verificationSent)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/me/email/resend']);
  });

  it('a change needs the current password before any request; then the pending address is kept and said', async () => {
    const user = userEvent.setup();
    const me = testUser();
    setSession(me);
    const calls = stubFetch(() => jsonResponse({ ...me, pendingEmail: 'new@example.com' }));
    renderAt(<EmailSettings user={me} />);
    expect(screen.queryByRole('button', { name: MESSAGES.accountMail.unverifiedBannerAction })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.getByText(MESSAGES.accountMail.currentPasswordForEmail)).toHaveAttribute('role', 'alert');
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Current password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText(MESSAGES.accountMail.emailChangePending('new@example.com'))).toBeInTheDocument();
    const form = calls[0].init.body as FormData;
    expect([form.get('email'), form.get('currentPassword')]).toEqual(['new@example.com', 'my-password']);
    expect(useSessionStore.getState().currentUser?.pendingEmail).toBe('new@example.com');
  });
});
