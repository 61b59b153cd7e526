import { planFor } from '@cloud9/contracts';
import type { UserEntity } from '../users/user.entity';

/** The author's post length limit: the plan row loaded with the session, else the plan table. */
export const postLimitOf = (user: UserEntity): number => user.group?.postLimit ?? planFor(user.groupId)?.postLimit ?? 300;
