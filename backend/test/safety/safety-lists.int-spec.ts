/** The routes of the lists each member keeps: answers, permissions, paging; the caps and what a block ends are safety-lists.service-spec.ts's. */
import { MESSAGES, SAFETY_RULES, type HiddenAccount, type MutedWord, type Page, SAFETY_MESSAGES } from '@cloud9/contracts';
import { bootApp, signUp, type SignedIn, type TestApp } from '../support/app';

describe('mutes, blocks, muted words and Not interested: the lists each member keeps', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  const post = async (who: SignedIn, content = 'a post') => (await who.agent.post('/api/posts').send({ content, category: 'General' }).expect(201)).body.id as number;
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
