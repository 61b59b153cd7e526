import type { Database, Db } from './database';
import { onPrimary } from './read-replica';

/**
 * What every domain repository shares: its service runs a unit of work in one transaction through
 * it, and passes the transaction to the repository methods (its own, or another module's) that take part.
 */
export abstract class DomainRepository {
  protected constructor(protected readonly database: Database) {}

  /**
   * Runs `work` in one transaction; any read it makes through a reader goes to the primary too. The
   * domain events it raises on `trx` are dispatched once it has committed (Database.transaction).
   */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return onPrimary(() => this.database.transaction(work));
  }

  /** The same for a job's statements that may run long: under the job limit, DATABASE_JOB_STATEMENT_TIMEOUT_MS. */
  jobTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return onPrimary(() => this.database.jobTransaction(work));
  }
}
