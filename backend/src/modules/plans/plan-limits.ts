import { planFor } from '@cloud9/contracts';
import type { Groups } from '../../database/schema';
import type { Selectable } from 'kysely';

/** An author's post length limit: the plan row loaded with the session, else the plan table. */
export const postLimitOf = (user: { group_id: number; group?: Pick<Selectable<Groups>, 'post_limit'> | null }): number =>
  user.group?.post_limit ?? planFor(user.group_id)?.postLimit ?? 300;
