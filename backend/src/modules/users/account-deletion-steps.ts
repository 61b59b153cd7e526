import { Injectable } from '@nestjs/common';
import type { DeleteAccountBody } from '@cloud9/contracts';
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

/** What an account deletion was asked with: who asks, whose account, the request's body, and the client's rate-limit subject. */
export interface AccountDeletionRequest {
  actor: { id: number; group_id: number };
  targetId: number;
  body: DeleteAccountBody;
  /** The client address's rate-limit subject (requestIpSubject). */
  client: string;
}

/** A check another module makes before an account is deleted: it throws (an HTTP error) to refuse. */
export type AccountDeletionCheck = (request: AccountDeletionRequest) => Promise<void>;

/**
 * The checks other modules register to confirm an account deletion before anything is written
 * (two-factor asks for the owner's code when it is on), so users never depends on them.
 */
@Injectable()
export class AccountDeletionChecks {
  private readonly checks: AccountDeletionCheck[] = [];

  register(check: AccountDeletionCheck): void {
    this.checks.push(check);
  }

  /** Runs every registered check in registration order; the first refusal stops the deletion. */
  async run(request: AccountDeletionRequest): Promise<void> {
    for (const check of this.checks) await check(request);
  }
}
