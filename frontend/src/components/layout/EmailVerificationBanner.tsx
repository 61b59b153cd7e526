import { useState } from 'react';
import { ACCOUNT_MAIL_MESSAGES } from '@cloud9/contracts';
import { resendVerification } from '../../api/accountMail';
import { ApiRequestError } from '../../api/client';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { notify } from '../notify';
import './EmailVerificationBanner.css';

/** A calm line above every screen until the account's address is verified, with a way to get the link again. */
export function EmailVerificationBanner() {
  const user = useSessionStore(selectCurrentUser);
  const [busy, setBusy] = useState(false);
  if (!user || user.emailVerified !== false) return null;

  const resend = async () => {
    setBusy(true);
    try {
      notify((await resendVerification()).message);
    } catch (error) {
      notify(error instanceof ApiRequestError && error.message ? error.message : ACCOUNT_MAIL_MESSAGES.tooManyResends, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="verify-banner" aria-label="Email verification">
      <p>{ACCOUNT_MAIL_MESSAGES.unverifiedBanner(user.email)}</p>
      <button type="button" className="btn btn-ghost" onClick={() => void resend()} disabled={busy}>
        {ACCOUNT_MAIL_MESSAGES.unverifiedBannerAction}
      </button>
    </aside>
  );
}
