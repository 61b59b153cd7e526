import { useId, useState, type FormEvent } from 'react';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@cloud9/contracts';
import { deleteOwnAccount } from '../../api/accountData';
import { errorMessage } from '../../api/client';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { useTwoFactorOn } from '../../queries/twoFactor';

/**
 * Deleting the account: its password (the server refuses without it) and, with two-factor on, a code
 * from the authenticator app; then a confirmation. `onDeleted` signs out.
 */
export function DeleteAccountForm({ userId, onDeleted }: { userId: number; onDeleted: () => void }) {
  const passwordId = useId();
  const codeId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const twoFactorOn = useTwoFactorOn();
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      notify(MESSAGES.accountData.deletePasswordRequired, 'error');
      return;
    }
    if (!(await confirmAction({ message: MESSAGES.profile.confirmDeleteAccount, confirmLabel: 'Delete account' }))) return;
    setDeleting(true);
    try {
      await deleteOwnAccount(userId, password, twoFactorOn ? code.trim() : undefined);
      onDeleted();
    } catch (error) {
      setDeleting(false);
      notify(errorMessage(error, MESSAGES.profile.deleteFailed), 'error');
    }
  };

  return (
    <form className="settings-delete-form" onSubmit={(event) => void submit(event)}>
      <p className="hint">{MESSAGES.accountData.deleteIntro}</p>
      <label htmlFor={passwordId}>{MESSAGES.accountData.deletePasswordLabel}</label>
      <input id={passwordId} className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      {twoFactorOn && (
        <>
          <label htmlFor={codeId}>{TWO_FACTOR_MESSAGES.codeLabel}</label>
          <input id={codeId} className="input" autoComplete="one-time-code" inputMode="numeric" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
        </>
      )}
      <button type="submit" className="btn btn-danger" disabled={deleting}>
        Delete account
      </button>
    </form>
  );
}
