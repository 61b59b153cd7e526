import { ROUTES, type PasskeyItem } from '@cloud9/contracts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { callApi } from './client';

// The WebAuthn browser library is loaded only when a ceremony starts: the sign-in page's first load stays as small as it was.
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export const fetchPasskeys = (signal?: AbortSignal) => callApi(ROUTES.passkeys.list, { signal });
export const removePasskey = (id: number) => callApi(ROUTES.passkeys.remove, { params: { id } });

/** Adds a passkey: the server's options, the device's ceremony (it asks its owner), the server's check. */
export async function addPasskey(name: string): Promise<PasskeyItem> {
  const options = await callApi(ROUTES.passkeys.registrationOptions);
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  return callApi(ROUTES.passkeys.add, { body: { response, name } });
}

/** Signs in with any passkey of this site the device holds (the device shows its own chooser). */
export async function signInWithPasskey() {
  const options = await callApi(ROUTES.passkeys.signInOptions);
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  return callApi(ROUTES.passkeys.signIn, { body: { response } });
}
