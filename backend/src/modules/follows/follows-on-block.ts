import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BlockSteps } from '../safety/public';
import { FollowsService } from './follows.service';

/** A block ends the follows between the two accounts, both ways, in the block's transaction. */
@Injectable()
export class FollowsOnBlock implements OnModuleInit {
  constructor(
    private readonly steps: BlockSteps,
    private readonly follows: FollowsService,
  ) {}

  onModuleInit(): void {
    this.steps.register((trx, blockerId, blockedId) => this.follows.severBetween(trx, blockerId, blockedId));
  }
}
