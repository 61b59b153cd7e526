import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES as M, canModerate, type TotpSetup } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { disableTotp, enableTotp, newRecoveryCodes, setupTotp } from '../../api/twoFactor';
import { notify } from '../../components/notify';
import { usePublicConfig } from '../../queries/config';
import { twoFactorStatusKey as statusKey, useTwoFactorOn } from '../../queries/twoFactor';
import { selectCurrentUser, useSessionStore } from '../../stores/session';

const messageOf = (err: unknown) => (err instanceof ApiRequestError && err.message ? err.message : M.wrongCode);

/** The codes shown once, with a way to copy them and to say they are saved. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="two-factor-codes">
      <h3 className="two-factor-subtitle">{M.recoveryCodesTitle}</h3>
      <p className="hint">{M.recoveryCodesHint}</p>
      <ul className="two-factor-code-list" aria-label={M.recoveryCodesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="settings-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {M.copyCodes}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {M.recoveryCodesSaved}
        </button>
      </div>
    </div>
  );
}

/**
 * Settings' two-factor block: set up an authenticator app (QR code or key, then a code turns it on
 * and shows the recovery codes once), turn it off (password and a code), make new recovery codes
 * (password). Staff without it are told their role needs it when REQUIRE_2FA_FOR_STAFF is on.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const user = useSessionStore(selectCurrentUser);
  const { staffTwoFactorRequired } = usePublicConfig();
  const on = useTwoFactorOn();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<'idle' | 'off' | 'regenerate'>('idle');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setCode('');
    setPassword('');
    setError(null);
    setBusy(false);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusKey });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      setSetup(await setupTotp());
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(M.codeRequired);
    void run(async () => {
      const answer = await enableTotp(code.trim());
      setSetup(null);
      reset();
      setCodes(answer.recoveryCodes);
      notify(M.enabled);
      await refresh();
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(M.codeRequired);
    void run(async () => {
      await disableTotp(password, code.trim());
      reset();
      setMode('idle');
      notify(M.disabled);
      await refresh();
    });
  };

  const regenerate = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await newRecoveryCodes(password);
      reset();
      setMode('idle');
      setCodes(answer.recoveryCodes);
    });
  };

  const errorLine = error && (
    <p className="settings-field-error" role="alert" id="two-factor-error">
      {error}
    </p>
  );
  const describedBy = error ? 'two-factor-error' : undefined;
  const codeField = (id: string) => (
    <div className="field">
      <label htmlFor={id}>{M.codeLabel}</label>
      <input id={id} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} aria-describedby={describedBy} value={code} onChange={(e) => setCode(e.target.value)} />
    </div>
  );
  const passwordField = (id: string) => (
    <div className="field">
      <label htmlFor={id}>{M.passwordLabel}</label>
      <input id={id} name="password" type="password" autoComplete="current-password" aria-describedby={describedBy} value={password} onChange={(e) => setPassword(e.target.value)} />
    </div>
  );

  if (codes) return <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />;

  if (on === undefined) return <p className="hint">{M.sectionIntro}</p>;

  if (!on) {
    const staffPrompt = staffTwoFactorRequired && canModerate(user) && (
      <p className="two-factor-staff" role="status">
        {M.staffSetUpPrompt}
      </p>
    );
    if (!setup) {
      return (
        <>
          {staffPrompt}
          <p className="hint">{M.sectionIntro}</p>
          <p className="two-factor-state">{M.isOff}</p>
          {errorLine}
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy}>
            {M.turnOn}
          </button>
        </>
      );
    }
    return (
      <form className="two-factor-form" onSubmit={confirm} noValidate aria-label={M.turnOn}>
        {staffPrompt}
        <p className="hint">{M.scanQr}</p>
        <img className="two-factor-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code for your authenticator app" width={180} height={180} />
        <p className="two-factor-secret">
          {M.secretLabel}: <code data-testid="totp-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
        {codeField('two-factor-enable-code')}
        {errorLine}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {M.enable}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setSetup(null);
              reset();
            }}
          >
            {M.cancel}
          </button>
        </div>
      </form>
    );
  }

  if (mode === 'off' || mode === 'regenerate') {
    const off = mode === 'off';
    return (
      <form className="two-factor-form" onSubmit={off ? turnOff : regenerate} noValidate aria-label={off ? M.turnOff : M.newRecoveryCodes}>
        <p className="hint">{off ? M.turnOff : M.newRecoveryCodesHint}</p>
        {passwordField(off ? 'two-factor-off-password' : 'two-factor-codes-password')}
        {off && codeField('two-factor-off-code')}
        {errorLine}
        <div className="settings-actions">
          <button type="submit" className={off ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
            {off ? M.turnOffConfirm : M.newRecoveryCodes}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setMode('idle');
              reset();
            }}
          >
            {M.cancel}
          </button>
        </div>
      </form>
    );
  }

  return (
    <>
      <p className="two-factor-state two-factor-on">{M.isOn}</p>
      <div className="settings-actions">
        <button type="button" className="btn btn-ghost" onClick={() => setMode('regenerate')}>
          {M.newRecoveryCodes}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setMode('off')}>
          {M.turnOff}
        </button>
      </div>
    </>
  );
}
