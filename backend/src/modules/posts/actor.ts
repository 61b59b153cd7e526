import { ForbiddenException } from '@nestjs/common';
import { MESSAGES, planFor } from '@cloud9/contracts';
import type { SessionUser } from '../users/session-user';

/**
 * DESIGN.md: a body that names the actor must name the session's user (403 otherwise); the
 * server never takes the actor from the request.
 */
export function assertActor(user: SessionUser, named: { username?: string; userId?: unknown }): void {
  if (named.username !== undefined && named.username.toLowerCase() !== user.username.toLowerCase()) {
    throw new ForbiddenException(MESSAGES.http.forbidden);
  }
  if (named.userId !== undefined && named.userId !== null && String(named.userId) !== String(user.id)) {
    throw new ForbiddenException(MESSAGES.http.forbidden);
  }
}

/** The author's post length limit: the plan row loaded with the session, else the plan table. */
export const postLimitOf = (user: SessionUser): number => user.group?.post_limit ?? planFor(user.group_id)?.postLimit ?? 300;
