import 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When the user signed in (ms): the session ends SESSION_ABSOLUTE_DAYS after it at the latest. */
    createdAt?: number;
    /** When the session was last renewed (see session-renewal.ts). */
    renewedAt?: number;
  }
}

/**
 * The signed-in user. Shared code needs only these fields; the module that owns the accounts merges
 * its entity into this interface (as passport's `Express.User` is widened), so routes see the full user.
 */
export interface SessionUser {
  id: number;
  username: string;
  group_id: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, loaded from the session by SessionGuard. */
    user?: SessionUser;
  }
}
