import { ForbiddenException } from '@nestjs/common';
import { MESSAGES, planFor } from '@cloud9/contracts';
import type { UserEntity } from '../users/user.entity';

/**
 * DESIGN.md: a body that names the actor must name the session's user (403 otherwise); the
 * server never takes the actor from the request.
 */
export function assertActor(user: UserEntity, named: { username?: string; userId?: unknown }): void {
  if (named.username !== undefined && named.username.toLowerCase() !== user.username.toLowerCase()) {
    throw new ForbiddenException(MESSAGES.http.forbidden);
  }
  if (named.userId !== undefined && named.userId !== null && String(named.userId) !== String(user.id)) {
    throw new ForbiddenException(MESSAGES.http.forbidden);
  }
}

/** The author's post length limit: the plan row loaded with the session, else the plan table. */
export const postLimitOf = (user: UserEntity): number => user.group?.postLimit ?? planFor(user.groupId)?.postLimit ?? 300;
