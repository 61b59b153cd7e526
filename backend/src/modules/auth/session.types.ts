import 'express-session';
import type { SessionUser } from '../users/session-user';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When the session was last renewed (see session-renewal.ts). */
    renewedAt?: number;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, loaded from the session by SessionGuard. */
    user?: SessionUser;
  }
}
