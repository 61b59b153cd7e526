import { Injectable } from '@nestjs/common';
import type { Db } from '../../common/db/database';

/**
 * Work another module does on its own tables in a new block's transaction; what it changed for others
 * it raises as domain events on that transaction (dispatched after the commit).
 */
export type BlockStep = (trx: Db, blockerId: number, blockedId: number) => Promise<void>;

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

  /** Runs every registered step in `trx`, in registration order. */
  async run(trx: Db, blockerId: number, blockedId: number): Promise<void> {
    for (const step of this.steps) await step(trx, blockerId, blockedId);
  }
}
