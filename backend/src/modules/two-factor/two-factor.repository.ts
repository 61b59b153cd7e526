import { Injectable } from '@nestjs/common';
import { Database } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';

export interface TotpCredentialRow {
  user_id: number;
  secret_enc: string;
  enabled_at: Date | null;
  last_step: number | null;
}

/** The only code that writes totp_credentials and recovery_codes. */
@Injectable()
export class TwoFactorRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  credential(userId: number): Promise<TotpCredentialRow | undefined> {
    return this.database.db.selectFrom('totp_credentials').select(['user_id', 'secret_enc', 'enabled_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
  }

  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.database.db.selectFrom('totp_credentials').select('user_id').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
    return !!row;
  }

  /** A new secret waiting to be confirmed; replaces one not yet enabled, never an enabled one (false then). */
  async savePending(userId: number, secretEnc: string): Promise<boolean> {
    const rows = await this.database.db
      .insertInto('totp_credentials')
      .values({ user_id: userId, secret_enc: secretEnc })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_enc: secretEnc, last_step: null, created_at: new Date() }).where('totp_credentials.enabled_at', 'is', null))
      .returning('user_id')
      .execute();
    return rows.length > 0;
  }

  /**
   * Takes the code's step when it is later than every step accepted before (a code is accepted
   * once); `enable` also turns the credential on. False when the step was already used (or the
   * credential is not in the state asked for).
   */
  async takeStep(userId: number, step: number, mode: 'enable' | 'enabled'): Promise<boolean> {
    let query = this.database.db
      .updateTable('totp_credentials')
      .set(mode === 'enable' ? { last_step: step, enabled_at: new Date() } : { last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));
    query = mode === 'enable' ? query.where('enabled_at', 'is', null) : query.where('enabled_at', 'is not', null);
    const rows = await query.returning('user_id').execute();
    return rows.length > 0;
  }

  /** Two-factor off: the credential and every recovery code go. */
  async remove(userId: number): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
    });
  }

  /** The account's recovery codes become exactly these (hashes); the old ones stop working. */
  async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.insertInto('recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
    });
  }

  /** 'taken' when an unused code with this hash was there (now used), 'used' when it had been used, else 'unknown'. */
  async spendRecoveryCode(userId: number, hash: string): Promise<'taken' | 'used' | 'unknown'> {
    const taken = await this.database.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('id')
      .execute();
    if (taken.length > 0) return 'taken';
    const used = await this.database.db.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).where('code_hash', '=', hash).executeTakeFirst();
    return used ? 'used' : 'unknown';
  }

  async unusedRecoveryCodes(userId: number): Promise<number> {
    const row = await this.database.db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
