import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Direct messages (decision 0100): conversations, their members (each member's own view: accepted or
 * a request, muted, read mark, unread count, where the list puts it), messages (a message deleted for
 * everyone stays as a mark), messages deleted for oneself, reactions, and each member's settings.
 * Reports may name a message; they keep a copy of it and the messages before it.
 */
export class DirectMessages1734200000000 implements MigrationInterface {
  name = 'DirectMessages1734200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dm_settings (
        user_id        bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        allow_from     text NOT NULL DEFAULT 'following' CHECK (allow_from IN ('everyone', 'following', 'nobody')),
        read_receipts  boolean NOT NULL DEFAULT true,
        hide_push_text boolean NOT NULL DEFAULT false
      )`);
    await q.query(`
      CREATE TABLE conversations (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        creator_id bigint REFERENCES users(id) ON DELETE SET NULL,
        is_group   boolean NOT NULL,
        -- a conversation of two: 'lower id:higher id', so there is one per pair
        pair_key   text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE conversation_members (
        conversation_id bigint NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        accepted        boolean NOT NULL,
        muted           boolean NOT NULL DEFAULT false,
        -- messages up to this id are not this member's (sent before they joined, or the conversation deleted for them)
        visible_after   bigint NOT NULL DEFAULT 0,
        last_read_id    bigint NOT NULL DEFAULT 0,
        unread_count    integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
        -- where the member's list puts it (its last message); null while it is not in their list
        activity_at     timestamptz,
        joined_at       timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, user_id)
      )`);
    await q.query(`CREATE INDEX conversation_members_list ON conversation_members (user_id, accepted, activity_at DESC, conversation_id DESC) WHERE activity_at IS NOT NULL`);
    await q.query(`CREATE INDEX conversation_members_unread ON conversation_members (user_id) WHERE unread_count > 0`);
    await q.query(`
      CREATE TABLE dm_messages (
        id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        conversation_id bigint NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        sender_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        text            text NOT NULL DEFAULT '',
        media_id        bigint REFERENCES media(id) ON DELETE SET NULL,
        media_url       text,
        media_mime      text,
        gif_url         text,
        created_at      timestamptz NOT NULL DEFAULT now(),
        deleted_at      timestamptz
      )`);
    await q.query(`CREATE INDEX dm_messages_conversation ON dm_messages (conversation_id, id DESC)`);
    await q.query(`CREATE INDEX dm_messages_media ON dm_messages (media_id) WHERE media_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE dm_hidden_messages (
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        message_id bigint NOT NULL REFERENCES dm_messages(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, message_id)
      )`);
    await q.query(`CREATE INDEX dm_hidden_messages_message ON dm_hidden_messages (message_id)`);
    await q.query(`
      CREATE TABLE dm_reactions (
        message_id bigint NOT NULL REFERENCES dm_messages(id) ON DELETE CASCADE,
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        emoji      text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (message_id, user_id, emoji)
      )`);
    await q.query(`CREATE INDEX dm_reactions_user ON dm_reactions (user_id)`);
    await q.query(`ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_target_type_check`);
    await q.query(`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('post', 'user', 'message'))`);
    await q.query(`ALTER TABLE reports ADD COLUMN messages jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reports WHERE target_type = 'message'`);
    await q.query(`ALTER TABLE reports DROP COLUMN IF EXISTS messages`);
    await q.query(`ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_target_type_check`);
    await q.query(`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('post', 'user'))`);
    for (const table of ['dm_reactions', 'dm_hidden_messages', 'dm_messages', 'conversation_members', 'conversations', 'dm_settings']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
