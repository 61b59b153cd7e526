import 'express-session';
import type { UserEntity } from '../users/user.entity';

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
    user?: UserEntity;
  }
}
