import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';

/** What a link's token is for (account_tokens.purpose). */
export type TokenPurpose = 'verify-email' | 'reset-password';

/** A token row that may be spent: whose, for which address (the one it was mailed to), since when. */
export interface LiveToken {
  id: number;
  userId: number;
  email: string | null;
}

/** A token that cannot be spent, and why. */
export type DeadToken = 'invalid' | 'used' | 'expired';

/** The links' tokens (account_tokens, stored as their SHA-256) and the account changes they make. */
@Injectable()
export class AccountTokensRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  /**
   * Stores a new token's hash for `userId`, valid `lifetimeSeconds` from the database's now; with
   * `voidOthers` the account's unspent tokens of the same purpose are spent first (a newer reset link
   * voids the older ones). Its id (which names the mail that carries it).
   */
  async issue(input: { userId: number; purpose: TokenPurpose; hash: Buffer; email: string; lifetimeSeconds: number; voidOthers: boolean }): Promise<number> {
    return this.transaction(async (trx) => {
      if (input.voidOthers) {
        await trx
          .updateTable('account_tokens')
          .set({ used_at: sql`now()` })
          .where('user_id', '=', input.userId)
          .where('purpose', '=', input.purpose)
          .where('used_at', 'is', null)
          .execute();
      }
      const { id } = await trx
        .insertInto('account_tokens')
        .values({ user_id: input.userId, purpose: input.purpose, token_hash: input.hash, email: input.email, expires_at: sql`now() + make_interval(secs => ${input.lifetimeSeconds})` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  /**
   * Spends the token of `purpose` whose hash is `hash` and runs `effect` in the same transaction
   * (the row locked: two requests with one token, one wins). A token never issued, spent, or past
   * its time is not spent and `effect` does not run.
   */
  async spend<T>(purpose: TokenPurpose, hash: Buffer, effect: (trx: Db, token: LiveToken) => Promise<T>): Promise<T | DeadToken> {
    return this.transaction(async (trx) => {
      const row = await trx
        .selectFrom('account_tokens')
        .select(['id', 'user_id', 'email', 'used_at', sql<boolean>`expires_at <= now()`.as('expired')])
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return 'invalid';
      if (row.used_at) return 'used';
      if (row.expired) return 'expired';
      await trx.updateTable('account_tokens').set({ used_at: sql`now()` }).where('id', '=', row.id).execute();
      return effect(trx, { id: row.id, userId: row.user_id, email: row.email });
    });
  }

  /** The account's row as the link's effect needs it (locked), or null when it is gone. */
  lockAccount(trx: Db, userId: number): Promise<{ email: string; pending_email: string | null; email_verified: boolean } | undefined> {
    return trx.selectFrom('users').select(['email', 'pending_email', 'email_verified']).where('id', '=', userId).forUpdate().executeTakeFirst();
  }

  /** Marks the account's address verified; with `email` (an e-mail change) it becomes the address and the pending one is cleared. */
  async verify(trx: Db, userId: number, email?: string): Promise<void> {
    await trx
      .updateTable('users')
      .set({ email_verified: true, ...(email !== undefined && { email, pending_email: null }), updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  }

  /** Sets the address an e-mail change waits on (null: none). */
  async setPendingEmail(userId: number, email: string | null): Promise<void> {
    await this.database.db.updateTable('users').set({ pending_email: email, updated_at: sql`now()` }).where('id', '=', userId).execute();
  }

  /** A new password hash (a reset), and the address verified when the link was mailed to the account's address. */
  async setPassword(trx: Db, userId: number, passwordHash: string, verifies: boolean): Promise<void> {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, ...(verifies && { email_verified: true }), updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  }
}
