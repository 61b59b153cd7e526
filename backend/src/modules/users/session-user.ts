import type { Selectable } from 'kysely';
import type { Groups, Users } from '../../database/schema';

/** A group row: a role's or a plan's limits. */
export type GroupRow = Selectable<Groups>;

/**
 * The signed-in user as every request sees it (req.user): the users row without its password
 * hash, with its group. The birthdate travels as its 'YYYY-MM-DD' text.
 */
type Account = Omit<Selectable<Users>, 'password_hash' | 'birthdate'> & { birthdate: string | null; group: GroupRow | null };

// Every signed-in user is an account: the accounts module widens the shared session user (by
// declaration merging, as passport's Express.User is widened), so routes read the whole row.
declare module '../../common/auth/session.types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- widens the shared interface by merging
  interface SessionUser extends Account {}
}

export type { SessionUser } from '../../common/auth/session.types';
