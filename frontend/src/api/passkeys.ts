import { ROUTES, type PasskeyItem } from '@cloud9/contracts';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { callApi } from './client';

// Settings' passkeys (signing in with one: passkeySignIn.ts, so the signed-out pages do not load this). The
// WebAuthn browser library is loaded only when a ceremony starts.

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export const fetchPasskeys = (signal?: AbortSignal) => callApi(ROUTES.passkeys.list, { signal });
export const removePasskey = (id: number) => callApi(ROUTES.passkeys.remove, { params: { id } });

/** Adds a passkey: the server's options, the device's ceremony (it asks its owner), the server's check. */
export async function addPasskey(name: string): Promise<PasskeyItem> {
  const options = await callApi(ROUTES.passkeys.registrationOptions);
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  return callApi(ROUTES.passkeys.add, { body: { response, name } });
}
