import { Suspense, useState, type ComponentProps, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, type CurrentUser, type TwoFactorMethod } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { login } from '../../api/auth';
import { notify } from '../../components/notify';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { signIn } from '../../stores/sessionSync';

// Few accounts have two-factor on: the second step's code is no part of the page's load. Its download
// starts with the password's request, so it is there (or nearly) when the answer asks for it.
const loadSecondStep = () => import('./SecondStepForm').then((m) => m.SecondStepForm);
const SecondStepForm = lazyWithTimeout<ComponentProps<Awaited<ReturnType<typeof loadSecondStep>>>>(loadSecondStep);

export function LoginForm() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** Set when the password was right and the account has two-factor on: the second step's methods. */
  const [secondStep, setSecondStep] = useState<TwoFactorMethod[] | null>(null);

  const finish = (user: CurrentUser) => {
    signIn(user);
    void navigate('/', { replace: true });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      notify(!username.trim() ? AUTH_MESSAGES.usernameRequired : AUTH_MESSAGES.passwordRequired, 'error');
      return;
    }
    setBusy(true);
    void loadSecondStep().catch(() => undefined);
    try {
      const result = await login(username.trim(), password);
      // With two-factor on, the right password answers the second step to take (and no session yet).
      if ('twoFactorRequired' in result) {
        setBusy(false);
        setPassword('');
        setSecondStep(result.methods);
      } else finish(result);
    } catch (err) {
      setBusy(false);
      const message = err instanceof ApiRequestError && err.message ? AUTH_MESSAGES.loginErrorPrefix + err.message : AUTH_MESSAGES.loginFailed;
      notify(message, 'error');
    }
  };

  if (secondStep) {
    const back = (message?: string) => {
      setSecondStep(null);
      if (message) notify(message, 'error');
    };
    return (
      <Suspense fallback={<p className="auth-form-loading" aria-busy="true" />}>
        <SecondStepForm methods={secondStep} onSignedIn={finish} onCancel={back} />
      </Suspense>
    );
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Log in">
      <div className="field">
        <label htmlFor="login-username">Username</label>
        <input id="login-username" name="username" autoComplete="username" aria-required="true" value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-required="true"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        Log in
      </button>
    </form>
  );
}
