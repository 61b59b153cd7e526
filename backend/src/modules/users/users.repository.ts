import { Injectable } from '@nestjs/common';
import { CompiledQuery, sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { ADMIN_GROUP_ID, type UserSuggestion } from '@cloud9/contracts';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import type { Users } from '../../database/schema';
import type { SessionUser } from './session-user';
import { ADMIN_USER_PAGE_SQL, type AdminUserRow, DELETE_USER_SQL, FOLLOW_COUNT_SQL, FOLLOW_RECOUNT_SQL, SESSION_USER_SQL, type SessionUserRow, USERNAME_SUGGEST_SQL } from './users.sql';

export type FollowCounts = Pick<Selectable<Users>, 'id' | 'followers_count' | 'following_count'>;

/** A row of SESSION_USER_SQL (or of the builder that reads the same columns) as the user with its group. */
const toSessionUser = (row: SessionUserRow): SessionUser => {
  const {
    g_name, g_description, g_subscription_fee, g_post_limit, g_media_limit_kb, g_edit_timeout_minutes,
    g_monthly_boosts, g_priority_boost, g_is_available, ...user
  } = row;
  const group =
    g_name === null
      ? null
      : {
          id: user.group_id, name: g_name, description: g_description!, subscription_fee: g_subscription_fee!, post_limit: g_post_limit!,
          media_limit_kb: g_media_limit_kb!, edit_timeout_minutes: g_edit_timeout_minutes, monthly_boosts: g_monthly_boosts!,
          priority_boost: g_priority_boost!, is_available: g_is_available!,
        };
  return { ...user, group };
};

/** What an account may change of its own row. */
export type UserChanges = Omit<Updateable<Users>, 'id' | 'group_id' | 'followers_count' | 'following_count' | 'created_at' | 'updated_at'>;

/** The users table: the only code that reads or writes it by SQL. */
@Injectable()
export class UsersRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
  ) {
    super(database);
  }

  /** The columns of SESSION_USER_SQL, built: the user (no password hash) and its group. */
  private sessionUsers() {
    return this.database.db
      .selectFrom('users as u')
      .leftJoin('groups as g', 'g.id', 'u.group_id')
      .select([
        'u.id', 'u.username', 'u.email', 'u.name', 'u.bio', sql<string | null>`u.birthdate::text`.as('birthdate'), 'u.phone', 'u.location',
        'u.website', 'u.thumbnail', 'u.background', 'u.group_id', 'u.followers_count', 'u.following_count', 'u.created_at', 'u.updated_at',
        'u.email_verified', 'u.pending_email', 'u.theme',
        'g.name as g_name', 'g.description as g_description', 'g.subscription_fee as g_subscription_fee', 'g.post_limit as g_post_limit',
        'g.media_limit_kb as g_media_limit_kb', 'g.edit_timeout_minutes as g_edit_timeout_minutes', 'g.monthly_boosts as g_monthly_boosts',
        'g.priority_boost as g_priority_boost', 'g.is_available as g_is_available',
      ]);
  }

  /** The signed-in user, by the one prepared statement every request runs. */
  async findSessionUser(id: number): Promise<SessionUser | null> {
    const [row] = await this.sql.query<SessionUserRow>(SESSION_USER_SQL, [id]);
    return row ? toSessionUser(row) : null;
  }

  async findById(id: number): Promise<SessionUser | null> {
    const row = await this.sessionUsers().where('u.id', '=', id).executeTakeFirst();
    return row ? toSessionUser(row) : null;
  }

  /**
   * Whether `viewerId` mutes or blocks `targetId`, for the viewer's own profile flags. The safety
   * module owns these tables; this only reads them, on their primary keys.
   */
  async viewerHides(viewerId: number, targetId: number): Promise<{ muted: boolean; blocked: boolean }> {
    const row = await this.database.db
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('user_mutes').select(eb.lit(1).as('one')).where('user_id', '=', viewerId).where('target_id', '=', targetId)).as('muted'),
        eb.exists(eb.selectFrom('user_blocks').select(eb.lit(1).as('one')).where('user_id', '=', viewerId).where('target_id', '=', targetId)).as('blocked'),
      ])
      .executeTakeFirstOrThrow();
    return { muted: Boolean(row.muted), blocked: Boolean(row.blocked) };
  }

  /** Case-insensitive (citext). */
  async findByUsername(username: string): Promise<SessionUser | null> {
    const row = await this.sessionUsers().where('u.username', '=', username).executeTakeFirst();
    return row ? toSessionUser(row) : null;
  }

  /** A profile being viewed (case-insensitive), read where `viewerId`'s reads go (the read replica when one is set). */
  async findProfile(username: string, viewerId: number | null): Promise<SessionUser | null> {
    const [row] = await this.sql.reader(viewerId).run(this.sessionUsers().where('u.username', '=', username).compile());
    return row ? toSessionUser(row) : null;
  }

  /** By username or email (both case-insensitive), with the password hash. */
  async findWithPasswordHash(by: 'username' | 'email', identifier: string): Promise<(SessionUser & { password_hash: string }) | null> {
    const row = await this.sessionUsers().select('u.password_hash').where(`u.${by}`, '=', identifier).executeTakeFirst();
    if (!row) return null;
    const { password_hash, ...user } = row;
    return { ...toSessionUser(user), password_hash };
  }

  /** A page of the admin user list (ADMIN_USER_PAGE_SQL): `take` rows with ids below `beforeId`, matching `pattern`. */
  async adminPage(beforeId: string | null, pattern: string | null, take: number): Promise<AdminUserRow[]> {
    return (await this.database.db.executeQuery<AdminUserRow>(CompiledQuery.raw(ADMIN_USER_PAGE_SQL, [beforeId, pattern, take]))).rows;
  }

  /**
   * Accounts whose lower-case username lies in [from, to): USERNAME_SUGGEST_SQL, ranked for
   * `viewerId`. Planned for the prefix each time: a one-letter prefix matches a large share of the
   * accounts and wants the ordered index walk, a long one a few rows, which a generic plan cannot tell.
   */
  suggestByPrefix(from: string, to: string, viewerId: number): Promise<UserSuggestion[]> {
    return this.sql.query<UserSuggestion>(USERNAME_SUGGEST_SQL, [from, to, viewerId], { prepare: false });
  }

  async passwordHash(id: number): Promise<string | null> {
    const row = await this.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
    return row?.password_hash ?? null;
  }

  /** Whether another account than `exceptId` has this address (case-insensitive). */
  async emailInUse(email: string, exceptId: number): Promise<boolean> {
    const row = await this.database.db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', exceptId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The username of an account that already has this username or this email (case-insensitive). */
  async findClash(username: string, email: string): Promise<string | null> {
    const row = await this.database.db
      .selectFrom('users')
      .select('username')
      .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
      .limit(1)
      .executeTakeFirst();
    return row?.username ?? null;
  }

  async insert(user: Pick<Insertable<Users>, 'username' | 'email' | 'password_hash' | 'group_id' | 'email_verified'>): Promise<number> {
    const { id } = await this.database.db
      .insertInto('users')
      .values({ ...user, followers_count: 0, following_count: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Changes an account's own fields; updated_at follows. */
  async update(id: number, changes: UserChanges): Promise<void> {
    await this.database.db.updateTable('users').set({ ...changes, updated_at: sql`now()` }).where('id', '=', id).execute();
  }

  /**
   * Moves the accounts `ids` to `groupId` in `trx` (only those now in one of `onlyFrom`, when
   * given); the accounts moved, with their new group.
   */
  async moveToGroup(trx: Db, ids: readonly number[], groupId: number, onlyFrom?: readonly number[]): Promise<{ id: number; group_id: number }[]> {
    if (!ids.length) return [];
    let update = trx.updateTable('users').set({ group_id: groupId, updated_at: sql`now()` }).where('id', 'in', ids);
    if (onlyFrom) update = update.where('group_id', 'in', onlyFrom);
    return update.returning(['id', 'group_id']).execute();
  }

  /** Moves both follow counters by `by` in the follow's transaction, the two user rows locked in id order (users.sql.ts). */
  async adjustFollowCounts(trx: Db, followerId: number, followedId: number, by: 1 | -1): Promise<FollowCounts[]> {
    return (await trx.executeQuery(CompiledQuery.raw(FOLLOW_COUNT_SQL, [followerId, followedId, by]))).rows as FollowCounts[];
  }

  followCounts(trx: Db, followerId: number, followedId: number): Promise<FollowCounts[]> {
    return trx.selectFrom('users').select(['id', 'followers_count', 'following_count']).where('id', 'in', [followerId, followedId]).execute();
  }

  /** Recomputes both follow counters of every user whose count is wrong, in `trx`; how many were corrected, each way. */
  async recountFollows(trx: Db): Promise<{ followers: number; following: number }> {
    const followers = (await sql.raw(FOLLOW_RECOUNT_SQL.followers).execute(trx)).rows.length;
    const following = (await sql.raw(FOLLOW_RECOUNT_SQL.following).execute(trx)).rows.length;
    return { followers, following };
  }

  /** Makes an existing account admin, with a new password. */
  async makeAdmin(id: number, passwordHash: string): Promise<void> {
    await this.database.db
      .updateTable('users')
      .set({ group_id: ADMIN_GROUP_ID, password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** The storage keys of the account's files, read before its media rows go with it. */
  async ownedFiles(trx: Db, id: number): Promise<string[]> {
    const files = await trx.executeQuery<{ storage_key: string }>(CompiledQuery.raw(DELETE_USER_SQL.ownedFiles, [id]));
    return files.rows.map((f) => f.storage_key);
  }

  /**
   * Deletes the account in `trx`, first taking its follows out of everyone else's counters; its
   * posts, replies, likes, reposts, follows, alerts, boosts and media rows go with it (ON DELETE CASCADE).
   */
  async delete(trx: Db, id: number): Promise<void> {
    for (const statement of DELETE_USER_SQL.fixCounters) await trx.executeQuery(CompiledQuery.raw(statement, [id]));
    await trx.executeQuery(CompiledQuery.raw(DELETE_USER_SQL.deleteUser, [id]));
  }
}
