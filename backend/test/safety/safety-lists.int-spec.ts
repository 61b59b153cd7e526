import { MESSAGES, SAFETY_RULES, type HiddenAccount, type MutedWord, type Page, SAFETY_MESSAGES } from '@cloud9/contracts';
import { bootApp, signUp, type SignedIn, type TestApp } from '../support/app';
import { exactFollowCounts, followCounts } from '../support/follow-counts';

describe('mutes, blocks, muted words and Not interested: the lists each member keeps', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  const post = async (who: SignedIn, content = 'a post') => (await who.agent.post('/api/posts').send({ content, category: 'General' }).expect(201)).body.id as number;
  const follow = (who: SignedIn, followedId: number) => who.agent.post('/api/follow').send({ followerId: who.user.id, followedId }).expect(200);
  const rows = async (table: string, userId: number) => (await t.db.query(`SELECT * FROM ${table} WHERE user_id = $1`, [userId])).length;

  describe.each([
    ['mutes', 'user_mutes', 'muted', SAFETY_MESSAGES.cannotMuteSelf],
    ['blocks', 'user_blocks', 'blocked', SAFETY_MESSAGES.cannotBlockSelf],
  ] as const)('/api/%s', (path, table, flag, selfMessage) => {
    it('adds and removes idempotently, for the session user only', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      expect((await a.agent.post(`/api/${path}/${b.user.id}`).expect(200)).body).toEqual({ success: true, [flag]: true });
      expect((await a.agent.post(`/api/${path}/${b.user.id}`).expect(200)).body).toEqual({ success: true, [flag]: true });
      expect(await rows(table, a.user.id)).toBe(1);
      expect(await rows(table, b.user.id)).toBe(0);
      expect((await a.agent.delete(`/api/${path}/${b.user.id}`).expect(200)).body).toEqual({ success: true, [flag]: false });
      expect((await a.agent.delete(`/api/${path}/${b.user.id}`).expect(200)).body).toEqual({ success: true, [flag]: false });
      expect(await rows(table, a.user.id)).toBe(0);
    });

    it('refuses oneself, unknown accounts, bad ids and signed-out callers, writing nothing', async () => {
      const a = await signUp(t);
      expect((await a.agent.post(`/api/${path}/${a.user.id}`).expect(400)).body.error).toBe(selfMessage);
      expect((await a.agent.post(`/api/${path}/987654321`).expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
      await a.agent.post(`/api/${path}/abc`).expect(400);
      await a.agent.post(`/api/${path}/-1`).expect(400);
      expect((await t.agent().post(`/api/${path}/${a.user.id}`).expect(401)).body.error).toBe(MESSAGES.auth.notSignedIn);
      await t.agent().get(`/api/${path}`).expect(401);
      expect(await rows(table, a.user.id)).toBe(0);
    });

    it('lists newest first, keyset-paged, only the owner’s, with public fields only', async () => {
      const owner = await signUp(t);
      const other = await signUp(t);
      const targets: SignedIn[] = [];
      for (let i = 0; i < 5; i++) {
        const target = await signUp(t);
        targets.push(target);
        await owner.agent.post(`/api/${path}/${target.user.id}`).expect(200);
      }
      await other.agent.post(`/api/${path}/${targets[0].user.id}`).expect(200);
      const seen: HiddenAccount[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<HiddenAccount> = (await owner.agent.get(`/api/${path}`).query({ limit: 2, ...(cursor ? { cursor } : {}) }).expect(200)).body;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.map((u) => u.id)).toEqual(targets.map((u) => u.user.id).reverse());
      expect(Object.keys(seen[0]).sort()).toEqual(['createdAt', 'id', 'name', 'thumbnail', 'username']);
      expect((await other.agent.get(`/api/${path}`).expect(200)).body.items.map((u: HiddenAccount) => u.id)).toEqual([targets[0].user.id]);
    });
  });

  describe.each([
    ['mutes', 'user_mutes', SAFETY_RULES.mutesMax, SAFETY_MESSAGES.tooManyMutes],
    ['blocks', 'user_blocks', SAFETY_RULES.blocksMax, SAFETY_MESSAGES.tooManyBlocks],
  ] as const)('/api/%s cap', (path, table, max, fullMessage) => {
    it(`keeps at most ${max} accounts (409 from the catalogue beyond), also under concurrent additions`, async () => {
      const a = await signUp(t);
      // max + 5 accounts to hide, made in one statement; a already hides all but 3 of the first max.
      const ids = (
        (await t.db.query(
          `INSERT INTO users (username, email, password_hash, group_id)
           SELECT 'cap' || $1::text || '_' || g, 'cap' || $1::text || '_' || g || '@example.com', 'x', 5 FROM generate_series(1, $2::int) g RETURNING id`,
          [a.user.id, max + 5],
        )) as { id: number }[]
      ).map((r) => r.id);
      await t.db.query(`INSERT INTO ${table} (user_id, target_id) SELECT $1, unnest($2::bigint[])`, [a.user.id, ids.slice(0, max - 3)]);
      const answers = await Promise.all(ids.slice(max - 3).map((id) => a.agent.post(`/api/${path}/${id}`)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      for (const r of answers.filter((r) => r.status !== 200)) expect(r.body).toEqual({ success: false, error: fullMessage, statusCode: 409 });
      expect(await rows(table, a.user.id)).toBe(max);
      // At the cap an account already on the list is still answered (idempotent), and removing one makes room.
      await a.agent.post(`/api/${path}/${ids[0]}`).expect(200);
      await a.agent.delete(`/api/${path}/${ids[0]}`).expect(200);
      await a.agent.post(`/api/${path}/${ids[max + 4]}`).expect(200);
      expect(await rows(table, a.user.id)).toBe(max);
    });
  });

  it('a block ends the follows both ways, with both counters exact and the follow alerts withdrawn', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const c = await signUp(t);
    await follow(a, b.user.id);
    await follow(b, a.user.id);
    await follow(c, b.user.id);
    await a.agent.post(`/api/blocks/${b.user.id}`).expect(200);
    const follows = await t.db.query(`SELECT * FROM follows WHERE (follower_id = $1 AND followed_id = $2) OR (follower_id = $2 AND followed_id = $1)`, [a.user.id, b.user.id]);
    expect(follows).toHaveLength(0);
    for (const id of [a.user.id, b.user.id]) await exactFollowCounts(t, id);
    expect(await followCounts(t, b.user.id)).toEqual(expect.objectContaining({ followers_count: 1, following_count: 0 })); // c still follows b
    const alerts = await t.db.query(`SELECT * FROM user_alerts WHERE type = 'follow' AND ((actor_id = $1 AND recipient_id = $2) OR (actor_id = $2 AND recipient_id = $1))`, [a.user.id, b.user.id]);
    expect(alerts).toHaveLength(0);
    // Blocking again changes nothing; the profile answers the new counts.
    await a.agent.post(`/api/blocks/${b.user.id}`).expect(200);
    expect((await c.agent.get(`/api/profile/${b.user.username}`).expect(200)).body).toEqual(expect.objectContaining({ followersCount: 1, followingCount: 0 }));
  });

  it('concurrent blocks and follows leave no follow between the two and the counters equal to the rows', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await signUp(t);
      const b = await signUp(t);
      // A follow either lands before a block (which then ends it) or meets it (the block rule's 404).
      const followAnswer = (who: SignedIn, id: number) => who.agent.post('/api/follow').send({ followerId: who.user.id, followedId: id }).then((r) => r.status);
      const [ab, ba] = await Promise.all([
        followAnswer(a, b.user.id),
        followAnswer(b, a.user.id),
        a.agent.post(`/api/blocks/${b.user.id}`).expect(200),
        b.agent.post(`/api/blocks/${a.user.id}`).expect(200),
      ]);
      expect([200, 404]).toContain(ab);
      expect([200, 404]).toContain(ba);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM follows WHERE (follower_id = $1 AND followed_id = $2) OR (follower_id = $2 AND followed_id = $1)', [a.user.id, b.user.id]);
      expect(n).toBe(0);
      for (const id of [a.user.id, b.user.id]) await exactFollowCounts(t, id);
    }
  });

  describe('/api/muted-words', () => {
    it('adds (201), answers a word already muted in any case as it is (200), lists newest first, removes', async () => {
      const a = await signUp(t);
      const first = await a.agent.post('/api/muted-words').send({ word: '  Spoiler   Alert ' }).expect(201);
      expect(first.body).toEqual({ id: expect.any(Number), word: 'Spoiler Alert', createdAt: expect.any(String) });
      expect((await a.agent.post('/api/muted-words').send({ word: 'spoiler alert' }).expect(200)).body).toEqual(first.body);
      const second = (await a.agent.post('/api/muted-words').send({ word: 'cats' }).expect(201)).body as MutedWord;
      expect((await a.agent.get('/api/muted-words').expect(200)).body.items.map((w: MutedWord) => w.word)).toEqual(['cats', 'Spoiler Alert']);
      expect((await a.agent.delete(`/api/muted-words/${second.id}`).expect(200)).body).toEqual({ success: true });
      expect((await a.agent.delete(`/api/muted-words/${second.id}`).expect(404)).body.error).toBe(SAFETY_MESSAGES.mutedWordNotFound);
      expect((await a.agent.get('/api/muted-words').expect(200)).body.items).toHaveLength(1);
    });

    it('keeps each member’s words private: another member can neither list nor remove them', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const word = (await a.agent.post('/api/muted-words').send({ word: 'private' }).expect(201)).body as MutedWord;
      expect((await b.agent.get('/api/muted-words').expect(200)).body.items).toEqual([]);
      await b.agent.delete(`/api/muted-words/${word.id}`).expect(404);
      expect(await rows('muted_words', a.user.id)).toBe(1);
      await t.agent().get('/api/muted-words').expect(401);
    });

    it('refuses empty, too long, non-text and control-character words with a catalogue message, writing nothing', async () => {
      const a = await signUp(t);
      for (const word of ['', '   ', 'x'.repeat(SAFETY_RULES.mutedWordMax + 1), 42, null, ['a'], { a: 1 }, undefined]) {
        expect((await a.agent.post('/api/muted-words').send({ word }).expect(400)).body.error).toBe(SAFETY_MESSAGES.mutedWordInvalid);
      }
      // Control characters are refused before any route, by the request rules every body passes.
      await a.agent.post('/api/muted-words').send({ word: 'bad\u0000word' }).expect(400);
      expect(await rows('muted_words', a.user.id)).toBe(0);
    });

    it(`keeps at most ${SAFETY_RULES.mutedWordsMax} words, also under concurrent additions`, async () => {
      const a = await signUp(t);
      await t.db.query(`INSERT INTO muted_words (user_id, word) SELECT $1, 'w' || g FROM generate_series(1, $2::int - 3) g`, [a.user.id, SAFETY_RULES.mutedWordsMax]);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => a.agent.post('/api/muted-words').send({ word: `extra${i}` })));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
      for (const r of answers.filter((r) => r.status !== 201)) expect(r.body).toEqual(expect.objectContaining({ error: SAFETY_MESSAGES.tooManyMutedWords, statusCode: 409 }));
      expect(await rows('muted_words', a.user.id)).toBe(SAFETY_RULES.mutedWordsMax);
      // A word already muted is still answered at the cap.
      await a.agent.post('/api/muted-words').send({ word: 'W1' }).expect(200);
    });
  });

  describe('/api/posts/:id/not-interested', () => {
    it('marks and unmarks idempotently, 404 for a missing post, and a deleted post takes its marks', async () => {
      const author = await signUp(t);
      const reader = await signUp(t);
      const id = await post(author);
      expect((await reader.agent.post(`/api/posts/${id}/not-interested`).expect(200)).body).toEqual({ success: true, notInterested: true });
      await reader.agent.post(`/api/posts/${id}/not-interested`).expect(200);
      expect(await rows('post_not_interested', reader.user.id)).toBe(1);
      expect((await reader.agent.delete(`/api/posts/${id}/not-interested`).expect(200)).body).toEqual({ success: true, notInterested: false });
      expect(await rows('post_not_interested', reader.user.id)).toBe(0);
      expect((await reader.agent.post('/api/posts/987654321/not-interested').expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
      await t.agent().post(`/api/posts/${id}/not-interested`).expect(401);
      await reader.agent.post(`/api/posts/${id}/not-interested`).expect(200);
      await author.agent.delete(`/api/posts/${id}`).expect(200);
      expect(await rows('post_not_interested', reader.user.id)).toBe(0);
    });
  });
});
