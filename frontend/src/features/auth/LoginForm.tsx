import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { login } from '../../api/auth';
import { notify } from '../../components/notify';
import { signIn } from '../../stores/sessionSync';

export function LoginForm() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      notify(!username.trim() ? AUTH_MESSAGES.usernameRequired : AUTH_MESSAGES.passwordRequired, 'error');
      return;
    }
    setBusy(true);
    try {
      const user = await login(username.trim(), password);
      await signIn(user);
      void navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      const message = err instanceof ApiRequestError && err.message ? AUTH_MESSAGES.loginErrorPrefix + err.message : AUTH_MESSAGES.loginFailed;
      notify(message, 'error');
    }
  };

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
