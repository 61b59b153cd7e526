/**
 * Passkeys (WebAuthn): the wire shapes of adding one and of signing in with one, and their messages.
 * The ceremonies' options and answers are the WebAuthn JSON forms (`PublicKeyCredentialCreationOptionsJSON`,
 * `RegistrationResponseJSON`, …) that the browser library reads and writes; the schemas name the fields the
 * server needs and bound every string, so no answer can be made expensive to parse.
 */
import * as z from 'zod/mini';
import { PASSKEY_SIGN_IN_MESSAGES } from './passkey-messages';
import { text, textAtMost, trimmed } from './schema-kit';

export const PASSKEY_RULES = {
  /** A passkey's name, in UTF-16 units, after trimming. */
  nameMax: 60,
  /** Passkeys one account may keep. */
  perAccountMax: 20,
  /** How long a ceremony's challenge is good for, in seconds. */
  challengeSeconds: 5 * 60,
} as const;

export const PASSKEY_MESSAGES = {
  ...PASSKEY_SIGN_IN_MESSAGES,
  /** Settings. */
  title: 'Passkeys',
  explain: 'Sign in with your fingerprint, face or screen lock instead of your password. A passkey also counts as your second step.',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  namePlaceholder: 'My phone',
  nameRequired: 'Give the passkey a name.',
  nameTooLong: `A passkey's name is at most ${PASSKEY_RULES.nameMax} characters.`,
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  remove: (name: string) => `Remove passkey ${name}`,
  confirmRemove: (name: string) => `Remove the passkey "${name}"? You will no longer be able to sign in with it.`,
  none: 'No passkeys yet.',
  createdOn: (date: string) => `Added ${date}`,
  lastUsedOn: (date: string) => `last used ${date}`,
  neverUsed: 'never used',
  tooMany: `An account can keep at most ${PASSKEY_RULES.perAccountMax} passkeys. Remove one first.`,
  notFound: 'That passkey does not exist.',
  unsupported: 'This browser does not support passkeys.',
  alreadyAdded: 'This passkey is already added to your account.',
  invalidResponse: 'The passkey answer is malformed.',
  listFailed: 'Your passkeys could not be loaded.',
} as const;

const b64url = (max: number) => textAtMost(max, PASSKEY_MESSAGES.invalidResponse, PASSKEY_MESSAGES.invalidResponse).check(z.regex(/^[A-Za-z0-9_-]*$/, { error: PASSKEY_MESSAGES.invalidResponse }));
const credentialId = b64url(1366); // 1,023 bytes at most (WebAuthn's bound on a credential id)
const transports = z.optional(z.array(textAtMost(32, PASSKEY_MESSAGES.invalidResponse)).check(z.maxLength(8, { error: PASSKEY_MESSAGES.invalidResponse })));
/** What the browser says of the ceremony's extensions: only credProps (the server asks for it), the rest is dropped. */
const clientExtensionResults = z.optional(z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) }, { error: PASSKEY_MESSAGES.invalidResponse }));
const attachment = z.optional(z.enum(['platform', 'cross-platform'], { error: PASSKEY_MESSAGES.invalidResponse }));

/** The browser's answer to a creation ceremony (RegistrationResponseJSON). */
const PasskeyRegistration = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: PASSKEY_MESSAGES.invalidResponse }),
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(32_768),
        authenticatorData: z.optional(b64url(16_384)),
        transports,
        publicKeyAlgorithm: z.optional(z.number({ error: PASSKEY_MESSAGES.invalidResponse })),
        publicKey: z.optional(b64url(4096)),
      },
      { error: PASSKEY_MESSAGES.invalidResponse },
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults,
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** The browser's answer to a sign-in ceremony (AuthenticationResponseJSON). */
const PasskeyAssertion = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: PASSKEY_MESSAGES.invalidResponse }),
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(16_384),
        signature: b64url(2048),
        userHandle: z.optional(b64url(128)),
      },
      { error: PASSKEY_MESSAGES.invalidResponse },
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults,
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** POST /api/me/passkeys. */
export const AddPasskeyBody = z.object({
  response: PasskeyRegistration,
  name: trimmed(text(PASSKEY_MESSAGES.nameRequired).check(z.minLength(1, { error: PASSKEY_MESSAGES.nameRequired }), z.maxLength(PASSKEY_RULES.nameMax, { error: PASSKEY_MESSAGES.nameTooLong }))),
});
export type AddPasskeyBody = z.output<typeof AddPasskeyBody>;

/** POST /api/login/passkey. */
export const PasskeyLoginBody = z.object({ response: PasskeyAssertion });
export type PasskeyLoginBody = z.output<typeof PasskeyLoginBody>;

/** One passkey of the signed-in account (GET /api/me/passkeys). Its credential and key never leave the server. */
export const PasskeyItem = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Synced between the owner's devices (a multi-device credential), as the authenticator said. */
  synced: z.boolean(),
});
export type PasskeyItem = z.output<typeof PasskeyItem>;

const rpEntity = z.object({ id: z.optional(z.string()), name: z.string() });
const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.optional(z.array(z.string())) });

/** POST /api/me/passkeys/options: PublicKeyCredentialCreationOptionsJSON. */
export const PasskeyCreationOptions = z.object({
  challenge: z.string(),
  rp: rpEntity,
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(descriptor)),
  authenticatorSelection: z.optional(
    z.object({ authenticatorAttachment: z.optional(z.string()), requireResidentKey: z.optional(z.boolean()), residentKey: z.optional(z.string()), userVerification: z.optional(z.string()) }),
  ),
  hints: z.optional(z.array(z.string())),
  attestation: z.optional(z.string()),
  extensions: z.optional(z.object({ credProps: z.optional(z.boolean()) })),
});

/** POST /api/login/passkey/options: PublicKeyCredentialRequestOptionsJSON. */
export const PasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.optional(z.number()),
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(z.array(descriptor)),
  userVerification: z.optional(z.string()),
  hints: z.optional(z.array(z.string())),
  extensions: z.optional(z.object({ credProps: z.optional(z.boolean()) })),
});
