import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MAIL_MESSAGES, ACCOUNT_MAIL_PATHS, AUTH_MESSAGES, PRODUCT, passwordProblem } from '@cloud9/contracts';
import { forgotPassword, resetPassword, verifyEmail } from '../../api/accountMail';
import { ApiRequestError } from '../../api/client';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePublicConfig } from '../../queries/config';
import { mailto } from '../../lib/support';
import { selectIsSignedIn, useSessionStore } from '../../stores/session';
import { refreshSession } from '../../stores/sessionSync';
import { AuthFrame } from './AuthFrame';
import './auth.css';
import './account-links.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.message ? error.message : fallback);

/** The sky page with one card: the product's name, the page's heading, its content. */
function AccountLinkShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <AuthFrame layout="account-link-layout">
      <section className="auth-card account-link-card" aria-labelledby="account-link-title">
        <p className="account-link-brand">
          <img src="/images/logo-mark.svg" alt="" width={40} height={40} />
          <span>{PRODUCT.name}</span>
        </p>
        <h1 id="account-link-title" className="account-link-title">
          {title}
        </h1>
        {children}
      </section>
    </AuthFrame>
  );
}

/** Where "back" goes: the app when signed in, the login page otherwise. */
function BackLink() {
  const signedIn = useSessionStore(selectIsSignedIn);
  return (
    <p className="account-link-back">
      <Link to={signedIn ? '/' : '/login'}>{signedIn ? `Continue to ${PRODUCT.name}` : 'Back to log in'}</Link>
    </p>
  );
}

/** A result in words: a polite status for success, an alert for a refusal. */
function Outcome({ tone, children }: { tone: 'ok' | 'error'; children: ReactNode }) {
  return tone === 'ok' ? (
    <p className="account-link-note account-link-ok" role="status">
      {children}
    </p>
  ) : (
    <p className="account-link-note account-link-error" role="alert">
      {children}
    </p>
  );
}

function ForgotPasswordPage() {
  const { supportEmail } = usePublicConfig();
  const [login, setLogin] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim()) return setOutcome({ tone: 'error', text: ACCOUNT_MAIL_MESSAGES.loginRequired });
    setBusy(true);
    try {
      const sent = await forgotPassword(login.trim());
      setOutcome({ tone: 'ok', text: sent.message });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, ACCOUNT_MAIL_MESSAGES.tooManyResets) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountLinkShell title={ACCOUNT_MAIL_MESSAGES.forgotTitle}>
      {outcome?.tone === 'ok' ? (
        <Outcome tone="ok">{outcome.text}</Outcome>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={ACCOUNT_MAIL_MESSAGES.forgotTitle}>
          <p className="hint">{ACCOUNT_MAIL_MESSAGES.forgotIntro}</p>
          <div className="field">
            <label htmlFor="forgot-login">Username or email</label>
            <input id="forgot-login" name="login" autoComplete="username" aria-required="true" value={login} onChange={(e) => setLogin(e.target.value)} />
          </div>
          {outcome && <Outcome tone="error">{outcome.text}</Outcome>}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            Send me a link
          </button>
        </form>
      )}
      <BackLink />
      <p className="account-link-support">
        <a href={mailto(supportEmail, 'Password reset')}>{ACCOUNT_MAIL_MESSAGES.askSupport}</a>
      </p>
    </AccountLinkShell>
  );
}

function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const clearSession = useSessionStore((s) => s.clearSession);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(token ? null : { tone: 'error', text: ACCOUNT_MAIL_MESSAGES.tokenMissing });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password) ?? (password !== confirm ? AUTH_MESSAGES.passwordsDoNotMatch : null);
    if (problem) return setOutcome({ tone: 'error', text: problem });
    setBusy(true);
    try {
      const done = await resetPassword(token, password);
      // Every session of the account ended, this browser's too.
      clearSession();
      setOutcome({ tone: 'ok', text: done.message });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, ACCOUNT_MAIL_MESSAGES.resetLinkInvalid) });
    } finally {
      setBusy(false);
    }
  };

  const finished = outcome?.tone === 'ok';
  return (
    <AccountLinkShell title={ACCOUNT_MAIL_MESSAGES.resetTitle}>
      {finished ? (
        <>
          <Outcome tone="ok">{outcome.text}</Outcome>
          <p className="account-link-back">
            <Link className="btn btn-primary" to="/login">
              Log in
            </Link>
          </p>
        </>
      ) : (
        <>
          {token && (
            <form className="auth-form" onSubmit={submit} noValidate aria-label={ACCOUNT_MAIL_MESSAGES.resetTitle}>
              <div className="field">
                <label htmlFor="reset-password">New password</label>
                <input id="reset-password" type="password" autoComplete="new-password" aria-required="true" value={password} onChange={(e) => setPassword(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor="reset-confirm">Confirm new password</label>
                <input id="reset-confirm" type="password" autoComplete="new-password" aria-required="true" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              </div>
              {outcome && <Outcome tone="error">{outcome.text}</Outcome>}
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                Set new password
              </button>
            </form>
          )}
          {!token && outcome && <Outcome tone="error">{outcome.text}</Outcome>}
          <p className="account-link-back">
            <Link to={ACCOUNT_MAIL_PATHS.forgotPassword}>Send me a new link</Link>
          </p>
        </>
      )}
    </AccountLinkShell>
  );
}

/** One request per token however often the page mounts (StrictMode runs effects twice; a token works once). */
const verifications = new Map<string, Promise<{ tone: 'ok' | 'error'; text: string }>>();
const verifyOnce = (token: string) => {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token).then(
      (done) => ({ tone: 'ok' as const, text: done.message }),
      (error: unknown) => ({ tone: 'error' as const, text: messageOf(error, ACCOUNT_MAIL_MESSAGES.verifyLinkInvalid) }),
    );
    verifications.set(token, pending);
  }
  return pending;
};

function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSessionStore(selectIsSignedIn);
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(token ? null : { tone: 'error', text: ACCOUNT_MAIL_MESSAGES.tokenMissing });
  const signedInRef = useRef(signedIn);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verifyOnce(token).then(async (result) => {
      // The signed-in account learns its new state (the banner goes, a changed address shows).
      if (result.tone === 'ok' && signedInRef.current) await refreshSession();
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AccountLinkShell title="Verify your email">
      {outcome ? <Outcome tone={outcome.tone}>{outcome.text}</Outcome> : <p className="account-link-note" aria-busy="true">{ACCOUNT_MAIL_MESSAGES.verifying}</p>}
      <BackLink />
    </AccountLinkShell>
  );
}

/** The pages a mail's link opens (and the forgot form), signed in or not; anything else goes home. */
export function AccountLinkRoutes() {
  return (
    <Routes>
      <Route path={ACCOUNT_MAIL_PATHS.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={ACCOUNT_MAIL_PATHS.resetPassword} element={<ResetPasswordPage />} />
      <Route path={ACCOUNT_MAIL_PATHS.verifyEmail} element={<VerifyEmailPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
