import { Injectable } from '@nestjs/common';
import type { Db } from '../../common/db/database';

/** Work another module does on its own tables in the account deletion's transaction, before the row goes. */
export type AccountDeletionStep = (trx: Db, userId: number) => Promise<void>;

/**
 * The steps other modules register to keep their rows exact when an account is deleted (counters of
 * rows that go with it). Modules that depend on users register here, so users never depends on them.
 */
@Injectable()
export class AccountDeletionSteps {
  private readonly steps: AccountDeletionStep[] = [];

  register(step: AccountDeletionStep): void {
    this.steps.push(step);
  }

  /** Runs every registered step in `trx`, in registration order. */
  async run(trx: Db, userId: number): Promise<void> {
    for (const step of this.steps) await step(trx, userId);
  }
}
