import { applyDecorators, CanActivate, ExecutionContext, Injectable, NotFoundException, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { SafetyService, type BlockTargetKind } from './safety.service';

/** Where a route names the account (its id or username) or the post (its author) it reads or acts on. */
export interface BlockTarget {
  kind: BlockTargetKind;
  from: 'params' | 'body' | 'query';
  key: string;
}

const BLOCK_RULE_KEY = 'c9:block-rule';

/**
 * The block rule on a route (or every route of a controller): a signed-in caller with a block between them and the account the route
 * names, or the author of the post it names, either way, gets the 404 a missing account or post gets,
 * before anything is read, written or uploaded. Signed out there is nobody to hide from.
 */
export const BlockRule = (target: BlockTarget) => applyDecorators(SetMetadata(BLOCK_RULE_KEY, target), UseGuards(BlockRuleGuard));

@Injectable()
export class BlockRuleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly safety: SafetyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const target = this.reflector.getAllAndOverride<BlockTarget | undefined>(BLOCK_RULE_KEY, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<Request>();
    if (!target || !req.user) return true;
    const source = req[target.from] as Record<string, unknown> | undefined;
    // A value the route's validation refuses is left to it (its 400).
    if (await this.safety.blockedWith(req.user.id, target.kind, source?.[target.key])) {
      throw new NotFoundException(target.kind === 'post' ? MESSAGES.post.notFoundOrDeleted : MESSAGES.profile.userNotFound);
    }
    return true;
  }
}
