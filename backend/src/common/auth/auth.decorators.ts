import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

export interface AuthRequirement {
  /** Only these group ids may call (403 for anyone else). */
  groups?: readonly number[];
}

export const AUTH_KEY = 'c9:auth';

/** The route needs a signed-in user (401 otherwise), optionally of certain groups (403 otherwise). */
export const Auth = (requirement: AuthRequirement = {}) => SetMetadata(AUTH_KEY, requirement);

/** The signed-in user (on @Auth routes) or undefined (on public routes). */
export const AuthUser = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<Request>().user);
