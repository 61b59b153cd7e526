import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { resetPassword } from './adminApi';
import { failureMessage } from './adminErrors';
import { CheckedField } from './CheckedField';

type Field = 'username' | 'newPassword';
type Result = { tone: 'success' | 'error'; message: string };

const resetError = (error?: string) => `${MESSAGES.admin.resetErrorPrefix}${error || 'Unknown error'}`;

/** Admin reset: username and new password are both required; the server's answer is alerted (in-app) and stays under the form. */
export function AdminResetForm() {
  const admin = useSessionStore(selectCurrentUser);
  const [username, setUsername] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    const problems: Partial<Record<Field, string>> = {};
    if (!name) problems.username = MESSAGES.auth.usernameRequired;
    if (!newPassword) problems.newPassword = MESSAGES.auth.passwordRequired;
    setErrors(problems);
    if (problems.username) return usernameRef.current?.focus();
    if (problems.newPassword) return passwordRef.current?.focus();

    setBusy(true);
    setResult(null);
    let next: Result;
    try {
      const answer = await resetPassword(name, newPassword, admin?.id);
      next = answer?.success ? { tone: 'success', message: answer.message } : { tone: 'error', message: resetError((answer as { error?: string } | null)?.error) };
      if (answer?.success) {
        setUsername('');
        setNewPassword('');
      }
    } catch (err) {
      next = { tone: 'error', message: failureMessage(err, resetError(MESSAGES.admin.couldNotContactAdmin), resetError) };
      console.error(next.message, err);
    }
    setBusy(false);
    setResult(next);
    notify(next.message, next.tone);
  };

  return (
    <form className="card admin-reset-form" onSubmit={submit} aria-busy={busy}>
      <CheckedField
        ref={usernameRef}
        id="admin-reset-username"
        label="Username"
        name="username"
        value={username}
        onChange={setUsername}
        error={errors.username}
        autoComplete="off"
        spellCheck={false}
      />
      <CheckedField
        ref={passwordRef}
        id="admin-reset-password"
        label="New Password"
        name="newPassword"
        type="password"
        value={newPassword}
        onChange={setNewPassword}
        error={errors.newPassword}
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn-primary" aria-disabled={busy}>
        Reset Password
      </button>
      {/* Announced by the alert toast; shown here to stay. */}
      <div className="admin-tool-status">
        {result && (
          <div className={`admin-outcome admin-outcome-${result.tone}`}>
            <p className="admin-outcome-message">{result.message}</p>
          </div>
        )}
      </div>
    </form>
  );
}
