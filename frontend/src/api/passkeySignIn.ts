import { ROUTES } from '@cloud9/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { callApi } from './client';

/**
 * Signs in with any passkey of this site the device holds (the device shows its own chooser). The
 * sign-in page loads this module, and the WebAuthn browser library, only when the visitor asks.
 */
export async function signInWithPasskey() {
  const options = await callApi(ROUTES.passkeys.signInOptions);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  return callApi(ROUTES.passkeys.signIn, { body: { response } });
}
