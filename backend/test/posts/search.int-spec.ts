import { MESSAGES, type Page, type Post, type UserSearchResult } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';

const NASTY = ["'", "''; DROP TABLE posts; --", '%', '_', '\\', '%_\\', "' OR 1=1 --", 'a\'b"c', '$1', '); SELECT pg_sleep(5); --', '!!!', '& | !', ':*'];

describe('search: posts, users, one profile', () => {
  let t: TestApp;
  let alice: SignedIn;
  let ids: Record<string, number>;
  // The run database is shared: every other suite's '100' would match a bare '100%' by full text.
  const percent = `${Date.now() % 100_000_000}%`;

  const post = async (who: SignedIn, content: string) => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const search = async (query: string, extra = '') =>
    (await t.agent().get(`/api/search/posts?query=${encodeURIComponent(query)}${extra}`).expect(200)).body as Page<Post>;

  beforeAll(async () => {
    t = await bootApp();
    alice = await signUp(t, { username: `srch_alice_${Date.now().toString(36)}` });
    const bob = await signUp(t);
    ids = {
      cats: await post(alice, 'Quokkas and cats are running everywhere'),
      cat: await post(bob, 'my quokka sat on the mat'),
      percent: await post(bob, `quokkapedia ${percent} sure with under_score and back\\slash`),
      other: await post(bob, 'nothing relevant here at all'),
    };
    ids.reply = ((await bob.agent.post(`/api/posts/${ids.other}/reply`).send({ content: 'a quokka reply' }).expect(201)).body as Post).id;
  });
  afterAll(() => t?.close());

  it('finds whole words (stemmed) and partial words, best full-text rank first', async () => {
    const res = await search('quokka');
    const found = res.items.map((p) => p.id);
    expect(found).toEqual(expect.arrayContaining([ids.cats, ids.cat, ids.percent, ids.reply]));
    expect(found).not.toContain(ids.other);
    // 'quokkapedia' matches only by trigram (no full-text lexeme), so it ranks after the full-text hits.
    expect(found.indexOf(ids.percent)).toBeGreaterThan(found.indexOf(ids.cat));
    expect(res.items.find((p) => p.id === ids.reply)?.originalPost?.id).toBe(ids.other);
    expect((await search('okka')).items.map((p) => p.id)).toEqual(expect.arrayContaining([ids.cats, ids.cat, ids.percent]));
    expect((await search('running')).items.map((p) => p.id)).toContain(ids.cats);
  });

  it('orders equally ranked full-text matches newest first, and partial-word matches by closeness', async () => {
    const tag = Date.now().toString(36).replace(/\d/g, '');
    // Full-text: one mention each, so equal rank whatever the length; the newer (longer) one comes first.
    const olderShort = await post(alice, `giraffe${tag}`);
    const newerLong = await post(alice, `giraffe${tag} seen by the lake with a long tail of words after it, and more words still`);
    expect((await search(`giraffe${tag}`)).items.map((p) => p.id)).toEqual([newerLong, olderShort]);
    // Partial words (no full-text lexeme matches 'zebrafinch'): the closer text first, though older.
    const closer = await post(alice, `zebrafinch${tag}x`);
    const farther = await post(alice, `zebrafinch${tag}xyz and a great many other words around it, on and on and on`);
    expect((await search(`zebrafinch${tag}`)).items.map((p) => p.id)).toEqual([closer, farther]);
  });

  it('keyset-pages the ranked results without repeats or gaps', async () => {
    const all = (await search('quokka', '&limit=100')).items.map((p) => p.id);
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await search('quokka', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    await t.agent().get(`/api/search/posts?query=quokka&cursor=${Buffer.from('["x",1,2]').toString('base64url')}`).expect(400);
  });

  it('treats %, _ and backslash literally and SQL-looking input as data', async () => {
    expect((await search(percent)).items.map((p) => p.id)).toEqual([ids.percent]);
    expect((await search('under_score')).items.map((p) => p.id)).toContain(ids.percent);
    expect((await search('back\\slash')).items.map((p) => p.id)).toEqual([ids.percent]);
    expect((await search('r_nning')).items).toEqual([]);
    for (const q of NASTY) {
      const res = await t.agent().get(`/api/search/posts?query=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const feed = await t.agent().get(`/api/posts?search=${encodeURIComponent(q)}`);
      expect(feed.status).toBe(200);
      const user = await t.agent().get(`/api/search/user/${encodeURIComponent(q)}`);
      expect([200, 404]).toContain(user.status);
      const profile = await t.agent().get(`/api/search/profile/${alice.user.username}?query=${encodeURIComponent(q)}`);
      expect(profile.status).toBe(200);
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM posts'))[0].n).toBeGreaterThanOrEqual(5);
  });

  it('an empty query is 400', async () => {
    for (const q of ['', '   ']) {
      const res = await t.agent().get(`/api/search/posts?query=${encodeURIComponent(q)}`).expect(400);
      expect(res.body.error).toBe(MESSAGES.post.searchQueryRequired);
      await t.agent().get(`/api/search/profile/${alice.user.username}?query=${encodeURIComponent(q)}`).expect(400);
    }
    expect((await t.agent().get('/api/search/posts').expect(400)).body.error).toBe(MESSAGES.post.searchQueryRequired);
  });

  it('finds users by prefix or similarity, best first; 404 when none', async () => {
    const res = (await t.agent().get(`/api/search/user/${alice.user.username}`).expect(200)).body as UserSearchResult[];
    expect(res[0]).toEqual({ id: alice.user.id, username: alice.user.username, name: null, thumbnail: null });
    const prefix = (await t.agent().get('/api/search/user/SRCH_ali').expect(200)).body as UserSearchResult[];
    expect(prefix.map((u) => u.id)).toContain(alice.user.id);
    expect(prefix.length).toBeLessThanOrEqual(20);
    const none = await t.agent().get('/api/search/user/zzqqxxyy_nobody').expect(404);
    expect(none.body.error).toBe(MESSAGES.profile.userNotFound);
    await t.agent().get('/api/search/user/%25').expect(404);
  });

  it("searches one profile's posts; unknown user is 404", async () => {
    const res = (await t.agent().get(`/api/search/profile/${alice.user.username}?query=quokka`).expect(200)).body as Page<Post>;
    expect(res.items.map((p) => p.id)).toEqual([ids.cats]);
    const none = (await t.agent().get(`/api/search/profile/${alice.user.username}?query=mat`).expect(200)).body as Page<Post>;
    expect(none.items).toEqual([]);
    expect((await t.agent().get('/api/search/profile/no_such_user_q?query=x').expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
  });
});
