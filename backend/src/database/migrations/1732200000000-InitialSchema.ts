import { MigrationInterface, QueryRunner } from 'typeorm';
import { PLANS } from '@cloud9/contracts';

/**
 * Every table of the data model (also those later features fill), with indexes matching the queries:
 * feeds by (created_at desc, id desc), per category, per author, follows both ways, alerts per
 * recipient, full-text and trigram search.
 */
export class InitialSchema1732200000000 implements MigrationInterface {
  name = 'InitialSchema1732200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`
      CREATE TABLE groups (
        id                   smallint PRIMARY KEY,
        name                 text NOT NULL,
        description          text NOT NULL DEFAULT '',
        subscription_fee     numeric(8,2) NOT NULL DEFAULT 0,
        post_limit           integer NOT NULL CHECK (post_limit > 0),
        media_limit_kb       integer NOT NULL CHECK (media_limit_kb > 0),
        edit_timeout_minutes integer CHECK (edit_timeout_minutes >= 0), -- NULL: any time
        monthly_boosts       integer NOT NULL DEFAULT 0,
        priority_boost       boolean NOT NULL DEFAULT false,
        is_available         boolean NOT NULL DEFAULT false
      )`);
    for (const p of PLANS) {
      await q.query(
        `INSERT INTO groups (id, name, description, subscription_fee, post_limit, media_limit_kb,
                             edit_timeout_minutes, monthly_boosts, priority_boost, is_available)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
        [p.id, p.name, p.description, p.subscriptionFee, p.postLimit, p.mediaLimit, p.editTimeout, p.monthlyBoosts, p.priorityBoost, p.isAvailable],
      );
    }

    await q.query(`
      CREATE TABLE users (
        id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        username        citext NOT NULL CONSTRAINT users_username_key UNIQUE,
        email           citext NOT NULL CONSTRAINT users_email_key UNIQUE,
        password_hash   text NOT NULL,
        name            text,
        bio             text,
        birthdate       date,
        phone           text,
        location        text,
        website         text,
        thumbnail       text,
        background      text,
        group_id        smallint NOT NULL DEFAULT 5 REFERENCES groups(id),
        followers_count integer NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
        following_count integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_username_trgm ON users USING gin ((username::text) gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_group ON users (group_id, id)`);

    await q.query(`
      CREATE TABLE media (
        id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id    bigint REFERENCES users(id) ON DELETE CASCADE,
        storage_key text NOT NULL UNIQUE,
        mime        text NOT NULL,
        kind        text NOT NULL CHECK (kind IN ('image', 'video', 'audio')),
        bytes       integer NOT NULL CHECK (bytes >= 0),
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX media_owner ON media (owner_id)`);

    await q.query(`
      CREATE TABLE posts (
        id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        parent_id     bigint REFERENCES posts(id) ON DELETE CASCADE,
        content       text NOT NULL,
        category      text NOT NULL DEFAULT 'General',
        media_id      bigint REFERENCES media(id) ON DELETE SET NULL,
        media_url     text,
        gif_url       text,
        likes_count   integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
        replies_count integer NOT NULL DEFAULT 0 CHECK (replies_count >= 0),
        reposts_count integer NOT NULL DEFAULT 0 CHECK (reposts_count >= 0),
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        edited_at     timestamptz,
        search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED
      )`);
    await q.query(`CREATE INDEX posts_feed ON posts (created_at DESC, id DESC) WHERE parent_id IS NULL`);
    await q.query(`CREATE INDEX posts_category_feed ON posts (category, created_at DESC, id DESC) WHERE parent_id IS NULL`);
    await q.query(`CREATE INDEX posts_author ON posts (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX posts_replies ON posts (parent_id, created_at, id) WHERE parent_id IS NOT NULL`);
    await q.query(`CREATE INDEX posts_search ON posts USING gin (search_vector)`);
    await q.query(`CREATE INDEX posts_content_trgm ON posts USING gin (content gin_trgm_ops)`);
    await q.query(`CREATE INDEX posts_media ON posts (media_id) WHERE media_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE post_edits (
        id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        post_id   bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        content   text NOT NULL,
        edited_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX post_edits_post ON post_edits (post_id, edited_at DESC)`);

    for (const table of ['likes', 'reposts']) {
      await q.query(`
        CREATE TABLE ${table} (
          user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          post_id    bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (user_id, post_id)
        )`);
      await q.query(`CREATE INDEX ${table}_post ON ${table} (post_id)`);
      await q.query(`CREATE INDEX ${table}_user_recent ON ${table} (user_id, created_at DESC, post_id DESC)`);
    }

    await q.query(`
      CREATE TABLE follows (
        follower_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        followed_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_id, followed_id),
        CONSTRAINT follows_no_self CHECK (follower_id <> followed_id)
      )`);
    await q.query(`CREATE INDEX follows_followed ON follows (followed_id, created_at DESC, follower_id DESC)`);
    await q.query(`CREATE INDEX follows_follower_recent ON follows (follower_id, created_at DESC, followed_id DESC)`);

    await q.query(`
      CREATE TABLE user_alerts (
        id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        recipient_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        actor_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type         text NOT NULL CHECK (type IN ('like', 'reply', 'repost', 'follow')),
        post_id      bigint REFERENCES posts(id) ON DELETE CASCADE,
        message      text NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_alerts_recipient ON user_alerts (recipient_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX user_alerts_action ON user_alerts (actor_id, type, post_id)`);

    await q.query(`
      CREATE TABLE system_notices (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        content    text NOT NULL DEFAULT '',
        media_id   bigint REFERENCES media(id) ON DELETE SET NULL,
        media_url  text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX system_notices_recent ON system_notices (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX system_notices_content_trgm ON system_notices USING gin (content gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE notification_seen (
        user_id         bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        alerts_seen_at  timestamptz,
        notices_seen_at timestamptz
      )`);

    await q.query(`
      CREATE TABLE boosts (
        id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        post_id      bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind         text NOT NULL CHECK (kind IN ('user', 'admin')),
        status       text NOT NULL CHECK (status IN ('requested', 'active', 'expired')),
        priority     boolean NOT NULL DEFAULT false,
        requested_at timestamptz NOT NULL DEFAULT now(),
        activated_at timestamptz,
        expires_at   timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX boosts_one_live_per_post ON boosts (post_id, kind) WHERE status IN ('requested', 'active')`);
    await q.query(`CREATE UNIQUE INDEX boosts_one_admin_active ON boosts (kind) WHERE kind = 'admin' AND status = 'active'`);
    await q.query(`CREATE INDEX boosts_queue ON boosts (status, priority DESC, requested_at, id)`);
    await q.query(`CREATE INDEX boosts_quota ON boosts (user_id, requested_at)`);

    await q.query(`
      CREATE TABLE subscriptions (
        id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id                  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider                 text NOT NULL DEFAULT 'paypal',
        provider_subscription_id text NOT NULL UNIQUE,
        group_id                 smallint NOT NULL REFERENCES groups(id),
        status                   text NOT NULL,
        current_period_end       timestamptz,
        created_at               timestamptz NOT NULL DEFAULT now(),
        updated_at               timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX subscriptions_user ON subscriptions (user_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE webhook_events (
        event_id    text PRIMARY KEY,
        event_type  text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id       bigint REFERENCES users(id) ON DELETE SET NULL,
        actor_username text NOT NULL,
        action         text NOT NULL,
        target         text,
        result         text NOT NULL,
        details        jsonb,
        created_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_recent ON audit_log (created_at DESC, id DESC)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'audit_log', 'webhook_events', 'subscriptions', 'boosts', 'notification_seen', 'system_notices',
      'user_alerts', 'follows', 'reposts', 'likes', 'post_edits', 'posts', 'media', 'users', 'groups',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
