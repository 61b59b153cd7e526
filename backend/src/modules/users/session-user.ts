import type { Selectable } from 'kysely';
import type { Groups, Users } from '../../database/schema';

/** A group row: a role's or a plan's limits. */
export type GroupRow = Selectable<Groups>;

/**
 * The signed-in user as every request sees it (req.user): the users row without its password
 * hash, with its group. The birthdate travels as its 'YYYY-MM-DD' text.
 */
export type SessionUser = Omit<Selectable<Users>, 'password_hash' | 'birthdate'> & { birthdate: string | null; group: GroupRow | null };
