/**
 * What the sign-in page says of passkeys: apart from the rest of their messages and their schemas
 * (passkeys.ts), since its first load carries neither the message catalogue nor a schema library.
 */
export const PASSKEY_SIGN_IN_MESSAGES = {
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  /** A ceremony's answer that does not hold up: a stale or used challenge, another site's, a bad signature. */
  failed: 'The passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered here. Sign in with your password, then add it in Settings.',
  cancelled: 'The passkey request was cancelled.',
} as const;
