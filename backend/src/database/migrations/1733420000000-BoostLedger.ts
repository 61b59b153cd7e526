import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The monthly boost quota's ledger: one row per user boost request, written in the request's
 * transaction. It has no foreign key to the post (post_id is kept only to say what was boosted), so
 * deleting a boosted post, which cascades its `boosts` rows away, gives no quota back. It goes with the
 * account. Existing user boosts are copied in, so this month's count stays what it was.
 */
export class BoostLedger1733420000000 implements MigrationInterface {
  name = 'BoostLedger1733420000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE boost_ledger (
        id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        post_id      bigint NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX boost_ledger_quota ON boost_ledger (user_id, requested_at)`);
    await q.query(`INSERT INTO boost_ledger (user_id, post_id, requested_at) SELECT user_id, post_id, requested_at FROM boosts WHERE kind = 'user' ORDER BY id`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS boost_ledger`);
  }
}
