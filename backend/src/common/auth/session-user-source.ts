import type { SessionUser } from './session.types';

/**
 * Where the session guard and the socket handshake load the signed-in user from. Declared here so
 * shared code does not depend on the accounts module, which provides it (see SessionAuthModule).
 */
export abstract class SessionUserSource {
  /** The account behind a session, or null when it is gone. */
  abstract findSessionUser(userId: number): Promise<SessionUser | null>;
}
