import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, PASSKEY_SIGN_IN_MESSAGES } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { notify } from '../../components/notify';
import { ceremonyCancelled } from '../../lib/webauthn';
import { signIn } from '../../stores/sessionSync';

// The ceremony's code (the API calls and the WebAuthn browser library) comes when the button is pressed:
// the sign-in page's first load carries only the button.
const passkeys = () => import('../../api/passkeySignIn');

/** "Sign in with a passkey": no username typed, the device offers this site's passkeys. Absent where the browser has none. */
export function PasskeySignIn() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (typeof window.PublicKeyCredential !== 'function') return null;

  const start = async () => {
    setBusy(true);
    try {
      const { signInWithPasskey } = await passkeys();
      const user = await signInWithPasskey();
      signIn(user);
      void navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      notify(ceremonyCancelled(err) ? PASSKEY_SIGN_IN_MESSAGES.cancelled : AUTH_MESSAGES.loginErrorPrefix + errorMessage(err, PASSKEY_SIGN_IN_MESSAGES.failed), 'error');
    }
  };

  return (
    <button type="button" className="btn btn-ghost btn-block auth-passkey" onClick={() => void start()} disabled={busy} aria-busy={busy || undefined}>
      {busy ? PASSKEY_SIGN_IN_MESSAGES.signingIn : PASSKEY_SIGN_IN_MESSAGES.signIn}
    </button>
  );
}
