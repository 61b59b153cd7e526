import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MAIL_MESSAGES, ACCOUNT_MAIL_PATHS, type CurrentUser } from '@cloud9/contracts';
import { resendVerification } from '../../api/accountMail';
import { ApiRequestError } from '../../api/client';
import { updateUser } from '../../api/users';
import { notify } from '../../components/notify';
import { useSessionStore } from '../../stores/session';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.message ? error.message : fallback);

/**
 * Settings' e-mail block: the address and whether it is verified, a change waiting for its link, the
 * link again, and a change of address (which needs the current password).
 */
export function EmailSettings({ user }: { user: CurrentUser }) {
  const setCurrentUser = useSessionStore((s) => s.setCurrentUser);
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const resend = async () => {
    setBusy(true);
    try {
      notify((await resendVerification()).message);
    } catch (error) {
      notify(messageOf(error, ACCOUNT_MAIL_MESSAGES.tooManyResends), 'error');
    } finally {
      setBusy(false);
    }
  };

  const change = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setProblem(ACCOUNT_MAIL_MESSAGES.currentPasswordForEmail);
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append('email', email.trim());
    form.append('currentPassword', currentPassword);
    try {
      const updated = await updateUser(user.username, form);
      setCurrentUser(updated);
      setEmail('');
      setCurrentPassword('');
      if (updated.pendingEmail) notify(ACCOUNT_MAIL_MESSAGES.emailChangePending(updated.pendingEmail));
    } catch (error) {
      setProblem(messageOf(error, ACCOUNT_MAIL_MESSAGES.verifyLinkInvalid));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="hint">
        {user.email} · <strong>{user.emailVerified ? 'Verified' : 'Not verified yet'}</strong>
      </p>
      {user.pendingEmail && <p className="hint">{ACCOUNT_MAIL_MESSAGES.emailChangePending(user.pendingEmail)}</p>}
      {(!user.emailVerified || user.pendingEmail) && (
        <div className="settings-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void resend()} disabled={busy}>
            {ACCOUNT_MAIL_MESSAGES.unverifiedBannerAction}
          </button>
        </div>
      )}
      <form className="settings-email-form" onSubmit={change} noValidate aria-label="Change email address">
        <div className="field">
          <label htmlFor="settings-new-email">New email address</label>
          <input id="settings-new-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="settings-email-password">Current password</label>
          <input id="settings-email-password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
        </div>
        {problem && (
          <p className="settings-email-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy || !email.trim()}>
          Change email
        </button>
      </form>
    </>
  );
}

/** Settings' password block: the reset link by mail, in the app; support stays as the second way. */
export function PasswordResetLinks({ supportHref }: { supportHref: string }) {
  return (
    <>
      <p className="hint">Forgot your password? We can mail you a link to choose a new one. You can also set a new password in Update profile.</p>
      <div className="settings-actions">
        <Link className="btn btn-ghost" to={ACCOUNT_MAIL_PATHS.forgotPassword}>
          Reset my password by email
        </Link>
        <a className="btn btn-ghost" href={supportHref}>
          Ask support
        </a>
      </div>
    </>
  );
}
