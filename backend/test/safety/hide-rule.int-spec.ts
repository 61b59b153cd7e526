import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { GroupId, matchesMutedWords, type Page, type Post, type PostThread } from '@cloud9/contracts';
import { InvalidationBus, type Invalidation } from '../../src/common/cache/invalidation-bus';
import { mutedWordsPattern } from '../../src/modules/safety/hiding';
import { bootApp, PASSWORD, signUp, type SignedIn, type TestApp } from '../support/app';
import { eventually, sessionCookieOf, BUS_LIVE_WAIT_MS, BUS_START_TIMEOUT_MS } from '../support/harness';
import { plansOf } from '../support/query-plans';

/** A word no other post carries: makes a tag, a search word and a feed of this test's posts only. */
const unique = (prefix = 'hr') => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * The one hide rule: what a signed-in viewer mutes, blocks (both ways), mutes as words or marks Not
 * interested, and every suspended account, left out of every list of posts in SQL, with full pages
 * and exact cursors, on every instance as soon as it changes.
 */
describe('the hide rule: mutes, blocks, muted words, Not interested and suspensions', () => {
  let t: TestApp;
  let moderator: SignedIn;
  let reporter: SignedIn;

  beforeAll(async () => {
    t = await bootApp();
    moderator = await signUp(t, { groupId: GroupId.Staff3 });
    reporter = await signUp(t);
  });
  afterAll(() => t?.close());

  const post = async (who: SignedIn, content: string, category = 'General') => (await who.agent.post('/api/posts').send({ content, category }).expect(201)).body as Post;
  const reply = async (who: SignedIn, parentId: number, content: string) => (await who.agent.post(`/api/posts/${parentId}/reply`).send({ content }).expect(201)).body as Post;
  const get = async (who: SignedIn | null, path: string, query: Record<string, unknown> = {}) =>
    (await (who ? who.agent : t.agent()).get(path).query(query).expect(200)).body as Page<Post>;
  const ids = (page: Page<Post>) => page.items.map((p) => p.id);

  /** Every page of a list, asserting each but the last holds exactly `limit` items. */
  async function walk(who: SignedIn | null, path: string, limit: number, query: Record<string, unknown> = {}): Promise<number[]> {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const page: Page<Post> = await get(who, path, { ...query, limit, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.nextCursor;
      if (!cursor) return seen;
      expect(page.items).toHaveLength(limit);
    }
    throw new Error('paging did not end');
  }

  async function suspend(member: SignedIn, until?: Date): Promise<void> {
    const id = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'spam' }).expect(201)).body.id;
    await moderator.agent.post(`/api/moderation/reports/${id}/actions`).send({ action: 'suspend', until: (until ?? new Date(Date.now() + 86_400_000)).toISOString() }).expect(200);
  }
  async function unsuspend(member: SignedIn): Promise<void> {
    const id = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'other' }).expect(201)).body.id;
    await moderator.agent.post(`/api/moderation/reports/${id}/actions`).send({ action: 'unsuspend' }).expect(200);
  }

  /**
   * The places a post of `author` (tagged and carrying `word`) can be listed for `who`: the For you,
   * category, tag and following feeds, the home search box, post search, the author's profile
   * (posts, replies), a thread's replies and the viewer's bookmarks. `reply` replies to `root`.
   */
  async function placesShowing(who: SignedIn | null, s: { tag: string; word: string; author: SignedIn; posted: Post; reply: Post; root: Post }): Promise<string[]> {
    const found: string[] = [];
    const has = (page: Page<Post>, id: number) => page.items.some((p) => p.id === id);
    if (has(await get(who, '/api/posts', { limit: 50 }), s.posted.id)) found.push('for you');
    if (has(await get(who, '/api/posts/category/Travel', { limit: 50 }), s.posted.id)) found.push('category');
    if (has(await get(who, '/api/posts', { tag: s.tag }), s.posted.id)) found.push('tag');
    if (has(await get(who, '/api/posts', { search: s.word }), s.posted.id)) found.push('home search');
    if (has(await get(who, '/api/search/posts', { query: s.word }), s.posted.id)) found.push('search');
    // Between blocked accounts the profile routes answer 404 (the block rule): nothing shown either.
    const profile = async (path: string, query: Record<string, unknown> = {}) => {
      const res = await (who ? who.agent : t.agent()).get(path).query(query).expect((r) => expect([200, 404]).toContain(r.status));
      return res.status === 404 ? { items: [], nextCursor: null } : (res.body as Page<Post>);
    };
    if (has(await profile('/api/posts', { username: s.author.user.username }), s.posted.id)) found.push('profile');
    if (has(await profile(`/api/users/${s.author.user.username}/replies`), s.reply.id)) found.push('profile replies');
    const thread = (await (who ? who.agent : t.agent()).get(`/api/posts/${s.root.id}/thread`).expect(200)).body as PostThread;
    if (thread.replies.items.some((p) => p.id === s.reply.id)) found.push('thread');
    if (who) {
      if (has(await get(who, '/api/posts', { tab: 'following' }), s.posted.id)) found.push('following');
      if (has(await get(who, '/api/bookmarks'), s.posted.id)) found.push('bookmarks');
    }
    return found;
  }

  /** An author's tagged Travel post (followed and bookmarked by `viewer`) and a reply of theirs in a thread of `rootAuthor`. */
  async function scene(viewer: SignedIn, author: SignedIn, rootAuthor: SignedIn) {
    const tag = unique('tag');
    const word = unique('w');
    const root = await post(rootAuthor, `thread root ${unique()}`);
    const reply_ = await reply(author, root.id, `a reply ${unique()}`);
    await viewer.agent.post('/api/follow').send({ followerId: viewer.user.id, followedId: author.user.id }).expect(200);
    const posted = await post(author, `scene post #${tag} ${word}`, 'Travel');
    await viewer.agent.post('/api/bookmarks').send({ postId: posted.id }).expect(200);
    return { tag, word, author, posted, reply: reply_, root };
  }

  const EVERYWHERE = ['for you', 'category', 'tag', 'home search', 'search', 'profile', 'profile replies', 'thread', 'following', 'bookmarks'];
  const EVERYWHERE_SIGNED_OUT = ['for you', 'category', 'tag', 'home search', 'search', 'profile', 'profile replies', 'thread'];

  it('a muted account’s posts, replies and reposts disappear for the muting viewer everywhere, and come back on unmute', async () => {
    const [viewer, author, other, reposter] = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    const s = await scene(viewer, author, other);
    await author.agent.post(`/api/posts/${s.root.id}/repost`).send({}).expect(200);
    await reposter.agent.post(`/api/posts/${s.posted.id}/repost`).send({}).expect(200);
    expect(await placesShowing(viewer, s)).toEqual(EVERYWHERE);

    await viewer.agent.post(`/api/mutes/${author.user.id}`).expect(200);
    expect(await placesShowing(viewer, s)).toEqual([]);
    // Their reposts are theirs too; another account's repost of their post shows no post of theirs.
    expect(ids(await get(viewer, `/api/users/${author.user.username}/reposts`))).toEqual([]);
    expect(ids(await get(viewer, `/api/users/${reposter.user.username}/reposts`))).toEqual([]);
    // Others still see everything; the muted account sees the viewer as before.
    expect(await placesShowing(other, s)).toEqual(EVERYWHERE.filter((p) => p !== 'following' && p !== 'bookmarks'));
    expect(ids(await get(other, `/api/users/${author.user.username}/reposts`))).toEqual([s.root.id]);

    await viewer.agent.delete(`/api/mutes/${author.user.id}`).expect(200);
    expect(await placesShowing(viewer, s)).toEqual(EVERYWHERE);
    expect(ids(await get(viewer, `/api/users/${reposter.user.username}/reposts`))).toEqual([s.posted.id]);
  });

  it('a reply to a post of an account the viewer hides is listed without its original, as if it were gone', async () => {
    const [viewer, author, replier] = [await signUp(t), await signUp(t), await signUp(t)];
    const tag = unique('tag');
    const original = await post(author, `the original ${unique()}`);
    const answer = await reply(replier, original.id, `an answer #${tag}`);
    await viewer.agent.post('/api/bookmarks').send({ postId: answer.id }).expect(200);
    const shown = async (who: SignedIn | null, path: string, query: Record<string, unknown>) =>
      (await get(who, path, query)).items.filter((p) => p.id === answer.id).map((p) => p.originalPost?.id ?? null);
    const places = (who: SignedIn | null) =>
      Promise.all([shown(who, '/api/posts', { tag }), shown(who, '/api/search/posts', { query: tag }), shown(who, `/api/users/${replier.user.username}/replies`, {}), ...(who ? [shown(who, '/api/bookmarks', {})] : [])]);
    expect(await places(viewer)).toEqual([[original.id], [original.id], [original.id], [original.id]]);
    await viewer.agent.post(`/api/mutes/${author.user.id}`).expect(200);
    expect(await places(viewer)).toEqual([[null], [null], [null], [null]]);
    expect(await places(null)).toEqual([[original.id], [original.id], [original.id]]);
  });

  it('a block hides both ways: the blocked account’s posts from the blocker, and the blocker’s from the blocked', async () => {
    const [blocker, blocked, other] = [await signUp(t), await signUp(t), await signUp(t)];
    const theirs = await scene(blocker, blocked, other);
    const mine = await scene(blocked, blocker, other);
    await blocker.agent.post(`/api/blocks/${blocked.user.id}`).expect(200);
    // The block ended the follows (and so the following tab shows neither); everything else is hidden by the rule.
    const withoutFollowing = EVERYWHERE.filter((p) => p !== 'following');
    expect(await placesShowing(blocker, theirs)).toEqual([]);
    expect(await placesShowing(blocked, mine)).toEqual([]);
    expect(await placesShowing(other, theirs)).toEqual(EVERYWHERE_SIGNED_OUT);
    await blocker.agent.delete(`/api/blocks/${blocked.user.id}`).expect(200);
    expect(await placesShowing(blocker, theirs)).toEqual(withoutFollowing);
    expect(await placesShowing(blocked, mine)).toEqual(withoutFollowing);
  });

  it('muted words hide matching posts from the viewer’s feeds and search, whole words in any case; profiles, threads and bookmarks keep them', async () => {
    const [viewer, author] = [await signUp(t), await signUp(t)];
    const tag = unique('tag');
    const word = unique('mw');
    const phrase = `${word} pie`;
    const hidden = [
      await post(author, `I LOVE ${word.toUpperCase()}! #${tag}`),
      await post(author, `#${word} #${tag}`),
      await post(author, `${word}\n  PIE is best #${tag}`),
    ];
    const shown = [await post(author, `${word}s and x${word} and ${word}_ #${tag}`), await post(author, `nothing here #${tag}`)];
    await viewer.agent.post('/api/muted-words').send({ word }).expect(201);
    await viewer.agent.post('/api/muted-words').send({ word: phrase.toUpperCase() }).expect(201);
    await viewer.agent.post('/api/bookmarks').send({ postId: hidden[0].id }).expect(200);

    const expected = shown.map((p) => p.id).reverse();
    expect(await walk(viewer, '/api/posts', 1, { tag })).toEqual(expected);
    expect(await walk(viewer, '/api/posts', 1, { search: tag })).toEqual(expected);
    expect(new Set(await walk(viewer, '/api/search/posts', 1, { query: tag }))).toEqual(new Set(expected));
    const forYou = ids(await get(viewer, '/api/posts', { limit: 50 }));
    expect(forYou).toEqual(expect.arrayContaining(expected));
    expect(forYou.filter((id) => hidden.some((p) => p.id === id))).toEqual([]);
    // The author's profile and the viewer's bookmarks still list them; another viewer sees all.
    expect(ids(await get(viewer, '/api/posts', { username: author.user.username }))).toEqual([...hidden, ...shown].map((p) => p.id).reverse());
    expect(ids(await get(viewer, '/api/bookmarks'))).toEqual([hidden[0].id]);
    expect(await walk(null, '/api/posts', 2, { tag })).toEqual([...hidden, ...shown].map((p) => p.id).reverse());

    const words = (await viewer.agent.get('/api/muted-words').expect(200)).body.items as { id: number }[];
    for (const w of words) await viewer.agent.delete(`/api/muted-words/${w.id}`).expect(200);
    expect(await walk(viewer, '/api/posts', 2, { tag })).toEqual([...hidden, ...shown].map((p) => p.id).reverse());
  });

  it('the SQL pattern of muted words agrees with matchesMutedWords (contracts)', async () => {
    const cases: [string, string[]][] = [
      ['I love CAT', ['cat']],
      ['category', ['cat']],
      ['#cat and more', ['cat']],
      ['Cat!', ['cat']],
      ['_cat', ['cat']],
      ['cat_', ['cat']],
      ['3cats', ['cat']],
      ['cat3', ['cat']],
      ['hot \t dog stand', ['hot dog']],
      ['hotdog', ['hot dog']],
      ['Ça va, CAFÉ noir', ['café']],
      ['cafés', ['café']],
      ['ЖУК ползёт', ['жук']],
      ['c++ rocks', ['c++']],
      ['a.b', ['a.b']],
      ['axb', ['a.b']],
      ['(x) [y] {z} ^$|?*+\\', ['(x) [y]', '{z}']],
      ['price $5', ['$5']],
      ['naïve idea', ['NAÏVE']],
      ['two words', ['none', 'words']],
      ['nothing', ['other', 'words']],
    ];
    for (const [text, words] of cases) {
      const [{ hit }] = await t.db.query(`SELECT $1::text ~* $2 AS hit`, [text, mutedWordsPattern(words)]);
      expect([text, words, hit]).toEqual([text, words, matchesMutedWords(text, words)]);
    }
  });

  it('posts marked Not interested leave the viewer’s feeds and search, and come back when unmarked', async () => {
    const [viewer, author] = [await signUp(t), await signUp(t)];
    const tag = unique('tag');
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push(await post(author, `ni ${i} #${tag}`));
    await viewer.agent.post(`/api/posts/${posts[2].id}/not-interested`).expect(200);
    const expected = [posts[3], posts[1], posts[0]].map((p) => p.id);
    expect(await walk(viewer, '/api/posts', 1, { tag })).toEqual(expected);
    expect(await walk(viewer, '/api/posts', 2, { search: tag })).toEqual(expected);
    expect(new Set(await walk(viewer, '/api/search/posts', 2, { query: tag }))).toEqual(new Set(expected));
    expect(ids(await get(viewer, '/api/posts', { limit: 50 }))).not.toContain(posts[2].id);
    expect(ids(await get(viewer, '/api/posts', { username: author.user.username }))).toContain(posts[2].id);
    await viewer.agent.delete(`/api/posts/${posts[2].id}/not-interested`).expect(200);
    expect(await walk(viewer, '/api/posts', 2, { tag })).toEqual([...posts].reverse().map((p) => p.id));
  });

  it('a suspended account’s posts disappear for everyone, signed out too, until the suspension is lifted', async () => {
    const [viewer, author, other] = [await signUp(t), await signUp(t), await signUp(t)];
    const s = await scene(viewer, author, other);
    expect(await placesShowing(null, s)).toEqual(EVERYWHERE_SIGNED_OUT);
    await suspend(author);
    expect(await placesShowing(null, s)).toEqual([]);
    expect(await placesShowing(viewer, s)).toEqual([]);
    await unsuspend(author);
    expect(await placesShowing(null, s)).toEqual(EVERYWHERE_SIGNED_OUT);
    expect(await placesShowing(viewer, s)).toEqual(EVERYWHERE);
  });

  it('a suspension whose end has passed stops hiding', async () => {
    const author = await signUp(t);
    const tag = unique('tag');
    const posted = await post(author, `short suspension #${tag}`);
    await suspend(author, new Date(Date.now() + 2500));
    expect(ids(await get(null, '/api/posts', { tag }))).toEqual([]);
    expect(await eventually(async () => ids(await get(null, '/api/posts', { tag })).includes(posted.id), 6000)).toBe(true);
  });

  it('pages stay full and cursors exact whatever is hidden, signed in and out, cached or read for the viewer', async () => {
    const [viewer, visible, muted, blocking, suspended] = [await signUp(t), await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    // Every post carries `word` (the search lists); only visible's and muted's carry the tag, since
    // a tag of three accounts or more would trend, which the hashtags suite must not meet.
    const word = unique('w');
    const tag = unique('tag');
    const mutedWord = unique('mw');
    const authors = [visible, muted, visible, blocking, visible, suspended, visible, visible, muted, visible, visible, blocking, visible];
    const posts: Post[] = [];
    for (const [i, author] of authors.entries()) {
      const tagged = author === visible || author === muted ? ` #${tag}` : '';
      posts.push(await post(author, `${i === 4 ? mutedWord : 'full'} page ${i} ${word}${tagged}`));
    }
    const root = posts[0];
    const replies: Post[] = [];
    for (const author of authors) replies.push(await reply(author, root.id, `a reply ${unique()}`));
    for (const author of [visible, muted]) await viewer.agent.post('/api/follow').send({ followerId: viewer.user.id, followedId: author.user.id }).expect(200);
    await viewer.agent.post(`/api/mutes/${muted.user.id}`).expect(200);
    await blocking.agent.post(`/api/blocks/${viewer.user.id}`).expect(200);
    await viewer.agent.post('/api/muted-words').send({ word: mutedWord }).expect(201);
    await viewer.agent.post(`/api/posts/${posts[6].id}/not-interested`).expect(200);
    await suspend(suspended);

    const newestFirst = (list: Post[]) => list.map((p) => p.id).reverse();
    const forViewer = newestFirst(posts.filter((p, i) => authors[i] === visible && p.id !== posts[4].id && p.id !== posts[6].id));
    const taggedForEveryone = newestFirst(posts.filter((_, i) => authors[i] === visible || authors[i] === muted));
    const forEveryone = newestFirst(posts.filter((_, i) => authors[i] !== suspended));
    const threadReplies = replies.filter((_, i) => authors[i] === visible).map((p) => p.id);
    // The cached tag pages (checked per viewer, read again for them) at every page size that splits them differently.
    for (const limit of [1, 2, 3]) expect(await walk(viewer, '/api/posts', limit, { tag })).toEqual(forViewer);
    expect(await walk(null, '/api/posts', 2, { tag })).toEqual(taggedForEveryone);
    expect(await walk(viewer, '/api/posts', 2, { search: word })).toEqual(forViewer);
    expect(await walk(null, '/api/posts', 3, { search: word })).toEqual(forEveryone);
    // The following tab (the viewer's own cached pages): of the two followed, `visible` is not muted.
    const following = await walk(viewer, '/api/posts', 2, { tab: 'following' });
    expect(following.filter((id) => posts.some((p) => p.id === id))).toEqual(forViewer);
    // Thread replies (accounts only), oldest first.
    expect(await walk(viewer, `/api/posts/${root.id}/replies`, 2)).toEqual(threadReplies);
    const ranked = await walk(viewer, '/api/search/posts', 2, { query: word });
    expect(ranked.slice().sort()).toEqual(forViewer.slice().sort());
    // The For you feed: a full first page, none hidden.
    const first = await get(viewer, '/api/posts', { limit: 5 });
    expect(first.items.length).toBeGreaterThanOrEqual(5); // and the pinned boosts, if any
    expect(first.items.filter((p) => [muted, blocking, suspended].some((a) => a.user.id === p.user_id) || p.id === posts[6].id || p.id === posts[4].id)).toEqual([]);
    await unsuspend(suspended);
  }, 90_000);

  it('a pinned boost of an account the viewer hides is not pinned for them, and the page stays full', async () => {
    const [viewer, author, admin] = [await signUp(t), await signUp(t), await signUp(t, { groupId: GroupId.Admin })];
    const boosted = await post(author, `pinned ${unique()}`);
    await admin.agent.post(`/api/posts/${boosted.id}/boost`).expect(200);
    try {
      expect((await get(null, '/api/posts', { limit: 5 })).items[0]).toMatchObject({ id: boosted.id, isAdminBoosted: true });
      await viewer.agent.post(`/api/mutes/${author.user.id}`).expect(200);
      const page = await get(viewer, '/api/posts', { limit: 5 });
      expect(ids(page)).not.toContain(boosted.id);
      expect(page.items.length).toBeGreaterThanOrEqual(5); // 5 after the pinned head
    } finally {
      // The boost goes with the post: no other suite's feed is left with this pin.
      await author.agent.delete(`/api/posts/${boosted.id}`).expect(200);
    }
  });

  it('a block arriving between two pages of a feed leaves the blocked account out of the second page', async () => {
    const [viewer, a, b] = [await signUp(t), await signUp(t), await signUp(t)];
    const tag = unique('tag');
    const order = [b, a, b, a, a, b];
    const posts: Post[] = [];
    for (const author of order) posts.push(await post(author, `between pages #${tag}`));
    const first = await get(viewer, '/api/posts', { tag, limit: 2 });
    expect(ids(first)).toEqual([posts[5].id, posts[4].id]);
    // The other direction: b blocks the viewer; b's posts leave the viewer's next page at once.
    await b.agent.post(`/api/blocks/${viewer.user.id}`).expect(200);
    const second = await get(viewer, '/api/posts', { tag, limit: 2, cursor: first.nextCursor });
    expect(ids(second)).toEqual([posts[3].id, posts[1].id]);
    expect(second.nextCursor).toBeNull();
  });

  it('reads what a viewer hides along indexes, and probes Not interested on its primary key', async () => {
    const [viewer, author, other] = [await signUp(t), await signUp(t), await signUp(t)];
    const word = unique('pl');
    const marked = await post(other, `planned ${word}`);
    await post(author, `planned ${word}`);
    await viewer.agent.post(`/api/mutes/${author.user.id}`).expect(200);
    await viewer.agent.post(`/api/posts/${marked.id}/not-interested`).expect(200);
    await viewer.agent.post('/api/muted-words').send({ word: unique('mw') }).expect(201);
    // Sequential scans off: a part no index serves would show as one.
    const hidden = await plansOf(t, /FROM user_mutes/, () => get(viewer, '/api/posts', { search: word }));
    expect(hidden).toMatch(/user_blocks_target/); // who blocks the viewer: the blocked side's index
    expect(hidden).toMatch(/post_not_interested_pkey/);
    expect(hidden).not.toMatch(/Seq Scan/);
    const page = await plansOf(t, /WITH page AS MATERIALIZED/, () => get(viewer, '/api/posts', { search: word }));
    expect(page).toMatch(/post_not_interested_pkey/);
    expect(page).not.toMatch(/Seq Scan on post_not_interested/);
    expect(ids(await get(viewer, '/api/posts', { search: word }))).toEqual([]);
  });

  it('announces a change of what a viewer hides to every instance: the next page on the other instance obeys it', async () => {
    const prefix = `${process.env.REDIS_PREFIX}hiderule:`;
    const a = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '60000', SESSION_USER_CACHE_MS: '60000' });
    const b = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '60000', SESSION_USER_CACHE_MS: '60000' });
    try {
      // (A precondition, not what is tested: a subscription opened on a machine running every lane may take its retries.)
      for (const x of [a, b]) expect(await eventually(async () => x.app.get(InvalidationBus).live, BUS_LIVE_WAIT_MS)).toBe(true);
      const signIn = async () => {
        const user = await signUp(a);
        const login = await request(a.app.getHttpServer()).post('/api/login').send({ username: user.user.username, password: PASSWORD }).expect(200);
        return { ...user, cookie: sessionCookieOf(login) };
      };
      const [viewer, author, staff, someone] = [await signIn(), await signIn(), await signUp(a, { groupId: GroupId.Staff3 }), await signUp(a)];
      const tag = unique('tag');
      const posted = await post(author, `two instances #${tag}`);
      const page = async (x: TestApp, who?: { cookie: string }) => {
        const req = request(x.app.getHttpServer()).get('/api/posts').query({ tag });
        if (who) void req.set('Cookie', who.cookie);
        return ids((await req.expect(200)).body as Page<Post>);
      };
      const heard = (x: TestApp, test: (c: Invalidation) => boolean) => new Promise<void>((resolve) => x.app.get(InvalidationBus).listen((c) => test(c) && resolve()));
      // Both instances keep the page, the viewer's copy and what the viewer hides.
      for (const x of [a, b]) {
        expect(await page(x, viewer)).toEqual([posted.id]);
        expect(await page(x)).toEqual([posted.id]);
      }

      let reached = heard(b, (c) => !!c.viewers?.includes(viewer.user.id));
      await request(a.app.getHttpServer()).post(`/api/mutes/${author.user.id}`).set('Cookie', viewer.cookie).expect(200);
      await reached;
      expect(await page(b, viewer)).toEqual([]);
      expect(await page(b)).toEqual([posted.id]);

      reached = heard(b, (c) => !!c.viewers?.includes(viewer.user.id));
      await request(a.app.getHttpServer()).delete(`/api/mutes/${author.user.id}`).set('Cookie', viewer.cookie).expect(200);
      await reached;
      expect(await page(b, viewer)).toEqual([posted.id]);

      // The blocked side too: author blocks the viewer on a; b hides the author from the viewer.
      reached = heard(b, (c) => !!c.viewers?.includes(viewer.user.id));
      await request(a.app.getHttpServer()).post(`/api/blocks/${viewer.user.id}`).set('Cookie', author.cookie).expect(200);
      await reached;
      expect(await page(b, viewer)).toEqual([]);
      await request(a.app.getHttpServer()).delete(`/api/blocks/${viewer.user.id}`).set('Cookie', author.cookie).expect(200);

      // A suspension on a: b stops showing the author's posts to anyone, and shows them again once lifted.
      const act = async (action: 'suspend' | 'unsuspend') => {
        reached = heard(b, (c) => !!c.suspensions);
        const id = (await someone.agent.post('/api/reports').send({ targetType: 'user', targetId: author.user.id, reason: action === 'suspend' ? 'spam' : 'other' }).expect(201)).body.id;
        await staff.agent.post(`/api/moderation/reports/${id}/actions`).send({ action, ...(action === 'suspend' ? { until: new Date(Date.now() + 86_400_000).toISOString() } : {}) }).expect(200);
        await reached;
      };
      expect(await page(b)).toEqual([posted.id]);
      await act('suspend');
      expect(await page(b)).toEqual([]);
      expect(await page(b, viewer)).toEqual([]);
      await act('unsuspend');
      expect(await page(b)).toEqual([posted.id]);
      expect(await page(b, viewer)).toEqual([posted.id]);
    } finally {
      await b.close();
      await a.close();
    }
  }, BUS_START_TIMEOUT_MS);
});
