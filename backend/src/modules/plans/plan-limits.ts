import { planFor } from '@cloud9/contracts';
import type { GroupEntity } from './group.entity';

/** An author's post length limit: the plan row loaded with the session, else the plan table. */
export const postLimitOf = (user: { groupId: number; group?: Pick<GroupEntity, 'postLimit'> | null }): number =>
  user.group?.postLimit ?? planFor(user.groupId)?.postLimit ?? 300;
