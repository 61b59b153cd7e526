import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { Database } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import type { Passkeys } from '../../database/schema';

export type PasskeyRow = Selectable<Passkeys>;
export type NewPasskey = Pick<PasskeyRow, 'user_id' | 'credential_id' | 'public_key' | 'sign_count' | 'transports' | 'user_handle' | 'name' | 'synced'>;

/** The only code that reads and writes `passkeys`. */
@Injectable()
export class PasskeysRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  /** An account's passkeys, oldest first. */
  list(userId: number): Promise<PasskeyRow[]> {
    return this.database.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  async count(userId: number): Promise<number> {
    const { n } = await this.database.db.selectFrom('passkeys').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(n);
  }

  async findByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.database.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  /**
   * Adds a passkey unless the account already keeps `max` (counted under a lock of the account's
   * passkeys: a transaction-scoped advisory lock, so two additions at once cannot pass it): null
   * when it is full. A credential already
   * registered (to anyone) fails on its unique key.
   */
  add(passkey: NewPasskey, max: number): Promise<PasskeyRow | null> {
    return this.transaction(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('c9:passkeys:' || ${passkey.user_id}::text, 0))`.execute(trx);
      const { n } = await trx.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', passkey.user_id).executeTakeFirstOrThrow();
      if (Number(n) >= max) return null;
      return trx.insertInto('passkeys').values(passkey).returningAll().executeTakeFirstOrThrow();
    });
  }

  /** False when the account has no such passkey. */
  async remove(userId: number, id: number): Promise<boolean> {
    const rows = await this.database.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('id').execute();
    return rows.length > 0;
  }

  /**
   * Records a sign-in: the authenticator's new signature counter and the time. False when another
   * sign-in with the same counter won (a replayed or cloned answer).
   */
  async markUsed(id: number, seenCount: number, newCount: number): Promise<boolean> {
    const rows = await this.database.db
      .updateTable('passkeys')
      .set((eb) => ({ sign_count: newCount, last_used_at: eb.fn('now', []) }))
      .where('id', '=', id)
      .where('sign_count', '=', seenCount)
      .returning('id')
      .execute();
    return rows.length > 0;
  }
}
