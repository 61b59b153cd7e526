import { SAFETY_MESSAGES, SAFETY_RULES } from '@cloud9/contracts';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { FollowsModule } from '../../src/modules/follows/follows.module';
import { FollowsService } from '../../src/modules/follows/follows.service';
import { SafetyModule } from '../../src/modules/safety/safety.module';
import { SafetyService } from '../../src/modules/safety/safety.service';
import { exactFollowCounts, followCounts } from '../support/follow-counts';
import { createMember, serviceModule, type ServiceModule } from '../support/service-module';

/**
 * The rules of the lists each member keeps (caps, what a block ends), on SafetyService and
 * FollowsService against the real database; the routes, their answers and permissions are
 * safety-lists.int-spec.ts's.
 */
describe('mutes, blocks and muted words: caps and what a block ends (service tier)', () => {
  let s: ServiceModule;
  let safety: SafetyService;
  let follows: FollowsService;

  beforeAll(async () => {
    s = await serviceModule([SafetyModule, FollowsModule]);
    safety = s.get(SafetyService);
    follows = s.get(FollowsService);
  });
  afterAll(() => s?.close());

  const rows = async (table: string, userId: number) => (await s.db.query(`SELECT * FROM ${table} WHERE user_id = $1`, [userId])).length;
  type Member = Awaited<ReturnType<typeof createMember>>;
  const follow = (who: Member, followedId: number) => follows.follow(who, { followerId: who.id, followedId });

  describe.each([
    ['mutes', 'user_mutes', SAFETY_RULES.mutesMax, SAFETY_MESSAGES.tooManyMutes, (who: Member, id: number) => safety.mute(who, id), (who: Member, id: number) => safety.unmute(who, id)],
    ['blocks', 'user_blocks', SAFETY_RULES.blocksMax, SAFETY_MESSAGES.tooManyBlocks, (who: Member, id: number) => safety.block(who, id), (who: Member, id: number) => safety.unblock(who, id)],
  ] as const)('%s cap', (_list, table, max, fullMessage, add, remove) => {
    it(`keeps at most ${max} accounts (409 from the catalogue beyond), also under concurrent additions`, async () => {
      const a = await createMember(s);
      // max + 5 accounts to hide, made in one statement; a already hides all but 3 of the first max.
      const ids = (
        (await s.db.query(
          `INSERT INTO users (username, email, password_hash, group_id)
           SELECT 'cap' || $1::text || '_' || g, 'cap' || $1::text || '_' || g || '@example.com', 'x', 5 FROM generate_series(1, $2::int) g RETURNING id`,
          [a.id, max + 5],
        )) as { id: number }[]
      ).map((r) => r.id);
      await s.db.query(`INSERT INTO ${table} (user_id, target_id) SELECT $1, unnest($2::bigint[])`, [a.id, ids.slice(0, max - 3)]);
      const answers = await Promise.allSettled(ids.slice(max - 3).map((id) => add(a, id)));
      expect(answers.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of answers.filter((r) => r.status === 'rejected')) {
        expect(r.reason).toBeInstanceOf(ConflictException);
        expect(r.reason.message).toBe(fullMessage);
      }
      expect(await rows(table, a.id)).toBe(max);
      // At the cap an account already on the list is still answered (idempotent), and removing one makes room.
      await add(a, ids[0]);
      await remove(a, ids[0]);
      // Which 3 of the concurrent additions won is the race's to decide: one that lost takes the room.
      const refused = ids.slice(max - 3).filter((_, i) => answers[i].status === 'rejected');
      await add(a, refused[0]);
      expect(await rows(table, a.id)).toBe(max);
    });
  });

  it('a block ends the follows both ways, with both counters exact and the follow alerts withdrawn', async () => {
    const a = await createMember(s);
    const b = await createMember(s);
    const c = await createMember(s);
    await follow(a, b.id);
    await follow(b, a.id);
    await follow(c, b.id);
    await safety.block(a, b.id);
    const between = await s.db.query(`SELECT * FROM follows WHERE (follower_id = $1 AND followed_id = $2) OR (follower_id = $2 AND followed_id = $1)`, [a.id, b.id]);
    expect(between).toHaveLength(0);
    for (const id of [a.id, b.id]) await exactFollowCounts(s, id);
    expect(await followCounts(s, b.id)).toEqual(expect.objectContaining({ followers_count: 1, following_count: 0 })); // c still follows b
    const alerts = await s.db.query(`SELECT * FROM user_alerts WHERE type = 'follow' AND ((actor_id = $1 AND recipient_id = $2) OR (actor_id = $2 AND recipient_id = $1))`, [a.id, b.id]);
    expect(alerts).toHaveLength(0);
    // Blocking again changes nothing: the counters stay those of the rows.
    await safety.block(a, b.id);
    expect(await exactFollowCounts(s, b.id)).toEqual(expect.objectContaining({ followers_count: 1, following_count: 0 }));
  });

  it('concurrent blocks and follows leave no follow between the two and the counters equal to the rows', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createMember(s);
      const b = await createMember(s);
      // A follow either lands before a block (which then ends it) or meets it (the block rule's 404).
      const followOutcome = (who: Member, id: number) => follow(who, id).then(
        () => 'followed',
        (error: unknown) => (error instanceof NotFoundException ? 'refused' : Promise.reject(error)),
      );
      const [ab, ba] = await Promise.all([followOutcome(a, b.id), followOutcome(b, a.id), safety.block(a, b.id), safety.block(b, a.id)]);
      expect(['followed', 'refused']).toContain(ab);
      expect(['followed', 'refused']).toContain(ba);
      const [{ n }] = await s.db.query('SELECT count(*)::int AS n FROM follows WHERE (follower_id = $1 AND followed_id = $2) OR (follower_id = $2 AND followed_id = $1)', [a.id, b.id]);
      expect(n).toBe(0);
      for (const id of [a.id, b.id]) await exactFollowCounts(s, id);
    }
  });

  it(`keeps at most ${SAFETY_RULES.mutedWordsMax} muted words (409 from the catalogue beyond), also under concurrent additions`, async () => {
    const a = await createMember(s);
    await s.db.query(`INSERT INTO muted_words (user_id, word) SELECT $1, 'w' || g FROM generate_series(1, $2::int - 3) g`, [a.id, SAFETY_RULES.mutedWordsMax]);
    const answers = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => safety.addMutedWord(a, `extra${i}`)));
    expect(answers.filter((r) => r.status === 'fulfilled' && r.value.created)).toHaveLength(3);
    for (const r of answers.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(ConflictException);
      expect(r.reason.message).toBe(SAFETY_MESSAGES.tooManyMutedWords);
    }
    expect(answers.filter((r) => r.status === 'rejected')).toHaveLength(5);
    expect(await rows('muted_words', a.id)).toBe(SAFETY_RULES.mutedWordsMax);
    // A word already muted is still answered at the cap.
    expect((await safety.addMutedWord(a, 'W1')).created).toBe(false);
  });
});
