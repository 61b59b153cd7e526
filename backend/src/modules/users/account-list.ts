import type { Selectable } from 'kysely';
import type { FollowUser } from '@cloud9/contracts';
import type { Users } from '../../database/schema';

/**
 * One entry of a list of accounts (followers, following, a post's likers): the columns a list's
 * statement selects of `users u`, with whether the viewer (`viewer`, the placeholder of their id,
 * NULL signed out) follows each, and the wire item made of them.
 */
export const accountListColumns = (viewer: string) => `u.id, u.name, u.username, u.thumbnail,
           EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = ${viewer}::bigint AND v.followed_id = u.id) AS is_following`;

export type AccountListRow = Pick<Selectable<Users>, 'id' | 'name' | 'username' | 'thumbnail'> & { is_following: boolean };
/** An entry of a list paged on a time and an account id (the follow's or the like's time). */
export type AccountPageRow = AccountListRow & { cursor_time: string; cursor_id: number };

export const toAccountListItem = (r: AccountListRow): FollowUser => ({ id: r.id, name: r.name, username: r.username, thumbnail: r.thumbnail, isFollowing: r.is_following });
