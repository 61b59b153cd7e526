import { ForbiddenException } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';
import type { SessionUser } from './session.types';

/**
 * A body that names the actor must name the session's user (403 otherwise); the server never takes
 * the actor from the request.
 */
export function assertActor(user: SessionUser, named: { username?: string; userId?: unknown }): void {
  if (named.username !== undefined && named.username.toLowerCase() !== user.username.toLowerCase()) {
    throw new ForbiddenException(MESSAGES.http.forbidden);
  }
  if (named.userId !== undefined && named.userId !== null && String(named.userId) !== String(user.id)) {
    throw new ForbiddenException(MESSAGES.http.forbidden);
  }
}
