import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { Database } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import type { PushSubscriptions } from '../../database/schema';

export type PushSubscriptionRow = Pick<Selectable<PushSubscriptions>, 'id' | 'user_id' | 'endpoint' | 'p256dh' | 'auth'>;
export interface NewSubscription {
  userId: number;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const COLUMNS = ['id', 'user_id', 'endpoint', 'p256dh', 'auth'] as const;

/** The only code that reads and writes `push_subscriptions` and `push_vapid_keys`. */
@Injectable()
export class PushRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  /** The stored VAPID pair, after inserting `made` unless one is there already (the first instance wins). */
  async keepVapidKeys(made: { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
    await this.database.db
      .insertInto('push_vapid_keys')
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.database.db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
    return { publicKey: row.public_key, privateKey: row.private_key };
  }

  /**
   * Stores a subscription, or moves the one with the same endpoint to this account and session with
   * its new keys (a browser subscribes again, another account signs in on it); then drops the
   * account's oldest beyond `max`. Under a lock of the account's subscriptions, so two at once keep the cap.
   */
  save(s: NewSubscription, max: number): Promise<void> {
    return this.transaction(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('c9:push:' || ${s.userId}::text, 0))`.execute(trx);
      await trx
        .insertInto('push_subscriptions')
        .values({ user_id: s.userId, session_id: s.sessionId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({ user_id: s.userId, session_id: s.sessionId, p256dh: s.p256dh, auth: s.auth, updated_at: sql`now()` }),
        )
        .execute();
      await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', s.userId)
        .where('id', 'not in', (eb) => eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', s.userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(max))
        .execute();
    });
  }

  /** Deletes the account's subscription with this endpoint (none: nothing happens). */
  async removeOwn(userId: number, endpoint: string): Promise<void> {
    await this.database.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).execute();
  }

  async removeByIds(ids: number[]): Promise<void> {
    if (ids.length) await this.database.db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
  }

  /** Deletes the subscriptions of ended sessions. */
  async removeBySessions(sessionIds: string[]): Promise<void> {
    if (sessionIds.length) await this.database.db.deleteFrom('push_subscriptions').where('session_id', 'in', sessionIds).execute();
  }

  findOwn(userId: number, endpoint: string): Promise<PushSubscriptionRow | undefined> {
    return this.database.db.selectFrom('push_subscriptions').select(COLUMNS).where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  }

  byId(id: number): Promise<PushSubscriptionRow | undefined> {
    return this.database.db.selectFrom('push_subscriptions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Of these accounts, those with a subscribed device. */
  async subscribed(userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = await this.database.db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', userIds).execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** An account's subscriptions (at most the cap). */
  ofUser(userId: number): Promise<PushSubscriptionRow[]> {
    return this.database.db.selectFrom('push_subscriptions').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
  }

  /** A keyset page of every subscription, by id: those above `afterId`, at most `take`. */
  page(afterId: number, take: number): Promise<PushSubscriptionRow[]> {
    return this.database.db.selectFrom('push_subscriptions').select(COLUMNS).where('id', '>', afterId).orderBy('id').limit(take).execute();
  }
}
