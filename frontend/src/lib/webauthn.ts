/**
 * True when a WebAuthn ceremony ended without an answer: the device's owner cancelled, or it timed out.
 * Apart from the ceremony's code so the sign-in page can tell it without loading that code.
 */
export const ceremonyCancelled = (err: unknown): boolean => err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');
