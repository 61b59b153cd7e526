import { Injectable } from '@nestjs/common';
import type { Db } from '../../common/db/database';

/** What runs once the block has committed (pushes, cache drops). */
export type AfterBlock = () => Promise<void>;

/** Work another module does on its own tables in a new block's transaction; may answer what to do after the commit. */
export type BlockStep = (trx: Db, blockerId: number, blockedId: number) => Promise<AfterBlock | void>;

/**
 * The steps other modules register to undo, in a block's transaction, what they keep between the two
 * accounts (the follows module ends the follows both ways). Modules that consult blocks depend on
 * safety, so safety never depends on them.
 */
@Injectable()
export class BlockSteps {
  private readonly steps: BlockStep[] = [];

  register(step: BlockStep): void {
    this.steps.push(step);
  }

  /** Runs every registered step in `trx`, in registration order; answers their after-commit work. */
  async run(trx: Db, blockerId: number, blockedId: number): Promise<AfterBlock[]> {
    const after: AfterBlock[] = [];
    for (const step of this.steps) {
      const then = await step(trx, blockerId, blockedId);
      if (then) after.push(then);
    }
    return after;
  }
}
