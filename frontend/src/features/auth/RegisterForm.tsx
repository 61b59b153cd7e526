import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, registrationProblem } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { registerUser, type RegisterInput } from '../../api/auth';
import { notify } from '../../components/notify';

const EMPTY: RegisterInput = { username: '', email: '', password: '', confirmPassword: '' };

const FIELDS: { name: keyof RegisterInput; label: string; type: string; autoComplete: string }[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

const registrationError = (serverMessage: string | undefined) =>
  serverMessage ? AUTH_MESSAGES.registrationErrorPrefix + serverMessage : AUTH_MESSAGES.registrationFailed;

/** On success the parent switches back to Login; this form unmounts, so its fields start empty next time. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const [values, setValues] = useState<RegisterInput>(EMPTY);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Checked here first so a mismatch never reaches the server.
    const problem = registrationProblem({ ...values, username: values.username.trim(), email: values.email.trim() });
    if (problem) {
      notify(problem, 'error');
      return;
    }
    setBusy(true);
    try {
      const result = await registerUser({ ...values, username: values.username.trim(), email: values.email.trim() });
      if (result && result.success === false) {
        setBusy(false);
        notify(registrationError(result.error), 'error');
        return;
      }
      setValues(EMPTY);
      notify(AUTH_MESSAGES.registered, 'success');
      onRegistered();
    } catch (err) {
      setBusy(false);
      notify(registrationError(err instanceof ApiRequestError ? err.message : undefined), 'error');
    }
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Create account">
      {FIELDS.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`register-${f.name}`}>{f.label}</label>
          <input
            id={`register-${f.name}`}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            aria-required="true"
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </div>
      ))}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
        Create account
      </button>
    </form>
  );
}
