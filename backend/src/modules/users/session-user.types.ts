import type { UserEntity } from './user.entity';

// Every signed-in user is an account: routes and interceptors read the whole entity from `req.user`.
declare module '../../common/auth/session.types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- widens the shared interface by merging
  interface SessionUser extends UserEntity {}
}
