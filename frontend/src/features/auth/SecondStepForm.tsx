import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES as M, type CurrentUser, type TwoFactorMethod } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { loginSecondStep } from '../../api/twoFactorSignIn';
import { PasskeySignIn } from './PasskeySignIn';

interface Props {
  methods: TwoFactorMethod[];
  /** The second step passed: the signed-in account. */
  onSignedIn: (user: CurrentUser) => void;
  /** Back to the password (also when the pending sign-in has expired). */
  onCancel: (message?: string) => void;
}

/**
 * Sign-in's second step (two-factor on): a 6-digit code from the authenticator app, or one recovery
 * code. The server knows the account from this browser's pending sign-in; the password is not asked again.
 */
export function SecondStepForm({ methods, onSignedIn, onCancel }: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [useRecovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered) {
      setError(useRecovery ? M.recoveryCodeRequired : M.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await loginSecondStep(useRecovery ? { recoveryCode: entered } : { code: entered });
      onSignedIn(user);
    } catch (err) {
      setBusy(false);
      const message = err instanceof ApiRequestError && err.message ? err.message : M.wrongCode;
      if (message === M.stepExpired) onCancel(message);
      else {
        setError(message);
        setValue('');
      }
    }
  };

  const switchMethod = () => {
    setUseRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  const id = useRecovery ? 'login-recovery-code' : 'login-code';
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="second-step-title">
      <h3 id="second-step-title" className="second-step-title">
        {M.secondStepTitle}
      </h3>
      <p className="second-step-hint" id="second-step-hint">
        {useRecovery ? M.recoveryHint : M.secondStepHint}
      </p>
      <div className="field">
        <label htmlFor={id}>{useRecovery ? M.recoveryCodeLabel : M.codeLabel}</label>
        <input
          ref={input}
          id={id}
          name={useRecovery ? 'recoveryCode' : 'code'}
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 24 : 7}
          aria-required="true"
          aria-describedby={error ? 'second-step-error' : 'second-step-hint'}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      {error && (
        <p id="second-step-error" className="second-step-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {M.verify}
      </button>
      {methods.includes('recovery') && (
        <button type="button" className="btn btn-ghost btn-block" onClick={switchMethod}>
          {useRecovery ? M.useAuthenticatorCode : M.useRecoveryCode}
        </button>
      )}
      {methods.includes('passkey') && <PasskeySignIn />}
      <button type="button" className="btn btn-ghost btn-block" onClick={() => onCancel()}>
        {M.backToLogin}
      </button>
    </form>
  );
}
