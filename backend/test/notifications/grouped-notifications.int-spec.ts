import { ALERT_GROUP_ACTORS, MESSAGES, type AlertGroup, type Page, type Post, type UserAlert } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, signUpMany, TestApp } from '../support/app';

/**
 * GET /api/notifications/user/:userId?grouped=1: likes and reposts of a post grouped, follows of a
 * day grouped, replies and mentions alone; keyset pages exact while alerts keep arriving.
 */
describe('grouped notifications', () => {
  let t: TestApp;

  const newPost = async (who: SignedIn, content = 'a post') => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const like = (who: SignedIn, postId: number) => who.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
  const repost = (who: SignedIn, postId: number) => who.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
  const follow = (who: SignedIn, other: SignedIn) => who.agent.post('/api/follow').send({ followerId: who.user.id, followedId: other.user.id }).expect(200);
  const groupsOf = async (who: SignedIn, query = '') =>
    (await who.agent.get(`/api/notifications/user/${who.user.id}?grouped=1${query}`).expect(200)).body as Page<AlertGroup>;
  const actor = (who: SignedIn) => ({ username: who.user.username, name: null, thumbnail: null });

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  it('likes and reposts of one post are one group each, follows of the day one group, replies and mentions alone; newest group first', async () => {
    const author = await signUp(t);
    const [a, b, c, d] = await signUpMany(t, 4);
    const first = await newPost(author, 'First line of the post\nsecond line');
    const other = await newPost(author, 'another post');
    await like(a, first);
    await like(b, first);
    await repost(a, first);
    await follow(a, author);
    await like(c, first);
    await follow(b, author);
    await like(d, first);
    await like(a, other);
    const reply = ((await b.agent.post(`/api/posts/${first}/reply`).send({ content: 'a reply' }).expect(201)).body as Post).id;
    const mentioning = await newPost(c, `hello @${author.user.username}`);

    const page = await groupsOf(author);
    expect(page.nextCursor).toBeNull();
    const at = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const day = new Date().toISOString().slice(0, 10);
    expect(page.items).toEqual([
      { key: expect.stringMatching(/^mention:\d+$/), type: 'mention', post: { id: mentioning, content: `hello @${author.user.username}` }, actors: [actor(c)], count: 1, latestAt: at, unread: true },
      { key: expect.stringMatching(/^reply:\d+$/), type: 'reply', post: { id: reply, content: 'a reply' }, actors: [actor(b)], count: 1, latestAt: at, unread: true },
      { key: `like:${other}`, type: 'like', post: { id: other, content: 'another post' }, actors: [actor(a)], count: 1, latestAt: at, unread: true },
      // The three most recent likers, newest first; four in all.
      { key: `like:${first}`, type: 'like', post: { id: first, content: 'First line of the post\nsecond line' }, actors: [actor(d), actor(c), actor(b)], count: 4, latestAt: at, unread: true },
      { key: `follow:${day}`, type: 'follow', actors: [actor(b), actor(a)], count: 2, latestAt: at, unread: true },
      { key: `repost:${first}`, type: 'repost', post: { id: first, content: 'First line of the post\nsecond line' }, actors: [actor(a)], count: 1, latestAt: at, unread: true },
    ]);
    expect(ALERT_GROUP_ACTORS).toBe(3);
    const times = page.items.map((g) => Date.parse(g.latestAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    // Withdrawing a like takes that liker out of the group.
    await like(d, first); // unlike
    const likes = (await groupsOf(author)).items.find((g) => g.key === `like:${first}`)!;
    expect(likes).toMatchObject({ actors: [actor(c), actor(b), actor(a)], count: 3 });
  });

  it('the ungrouped list keeps its shape, and both take a type filter (the Mentions view); bad values are 400s', async () => {
    const author = await signUp(t);
    const [a, b] = await signUpMany(t, 2);
    const postId = await newPost(author);
    await like(a, postId);
    const m1 = await newPost(a, `m1 @${author.user.username}`);
    const m2 = await newPost(b, `m2 @${author.user.username}`);

    const all = (await author.agent.get(`/api/notifications/user/${author.user.id}`).expect(200)).body as Page<UserAlert>;
    expect(all.items.map((x) => Object.keys(x).sort())).toEqual(
      Array(3).fill(['actor_name', 'actor_thumbnail', 'actor_username', 'createdAt', 'id', 'message', 'post_id', 'type']),
    );
    const mentions = (await author.agent.get(`/api/notifications/user/${author.user.id}?type=mention`).expect(200)).body as Page<UserAlert>;
    expect(mentions.items.map((x) => [x.type, x.post_id])).toEqual([['mention', m2], ['mention', m1]]);
    const grouped = await groupsOf(author, '&type=mention');
    expect(grouped.items.map((g) => [g.type, g.post?.id, g.count])).toEqual([['mention', m2, 1], ['mention', m1, 1]]);
    expect((await groupsOf(author, '&type=like')).items.map((g) => g.key)).toEqual([`like:${postId}`]);

    const base = `/api/notifications/user/${author.user.id}`;
    for (const [query, error] of [
      ['?type=poke', MESSAGES.alertGroups.invalidType],
      ['?grouped=1&type=', MESSAGES.alertGroups.invalidType],
      ['?grouped=yes', MESSAGES.alertGroups.invalidGrouped],
      ['?grouped=1&query=bob', MESSAGES.alertGroups.searchNotGrouped],
      ['?grouped=1&cursor=abc', MESSAGES.post.invalidCursor],
    ] as const) {
      expect((await author.agent.get(`${base}${query}`).expect(400)).body).toEqual({ success: false, error, statusCode: 400 });
    }
  });

  it("only one's own alerts: another user's grouped list is 403, and signed out 401", async () => {
    const [me, other] = await signUpMany(t, 2);
    const res = await other.agent.get(`/api/notifications/user/${me.user.id}?grouped=1`).expect(403);
    expect(res.body.error).toBe(MESSAGES.notifications.onlyOwnAlerts);
    await t.agent().get(`/api/notifications/user/${me.user.id}?grouped=1`).expect(401);
  });

  it('counts stay exact when many like at once', async () => {
    const author = await signUp(t);
    const fans = await signUpMany(t, 12);
    const postId = await newPost(author);
    await Promise.all(fans.map((fan) => like(fan, postId)));
    const [group] = (await groupsOf(author)).items;
    expect(group).toMatchObject({ key: `like:${postId}`, count: 12 });
    expect(group.actors).toHaveLength(3);
    expect(new Set(group.actors.map((x) => x.username)).size).toBe(3);
  });

  it('pages are keyset-exact while alerts arrive: every group once, none skipped, counts as of the first page', async () => {
    const author = await signUp(t);
    const fans = await signUpMany(t, 5);
    const posts: number[] = [];
    for (let i = 0; i < 7; i++) posts.push(await newPost(author, `post ${i}`));
    // Post i liked by fan i % 4: groups in order post 6 ... post 0.
    for (let i = 0; i < 7; i++) await like(fans[i % 4], posts[i]);

    const seen: AlertGroup[] = [];
    let page = await groupsOf(author, '&limit=2');
    seen.push(...page.items);
    // Meanwhile: a post on a later page gains a like (it would move to the top), a new post is liked.
    await like(fans[1], posts[0]);
    const late = await newPost(author, 'late');
    await like(fans[0], late);
    let pages = 1;
    while (page.nextCursor) {
      page = await groupsOf(author, `&limit=2&cursor=${encodeURIComponent(page.nextCursor)}`);
      seen.push(...page.items);
      pages++;
      // Another arrival between every page (fans[4] liked nothing yet, so this never unlikes).
      await like(fans[4], posts[pages % 7]);
    }
    expect(pages).toBe(4);
    expect(seen.map((g) => g.key)).toEqual([...posts].reverse().map((id) => `like:${id}`));
    expect(seen.map((g) => g.count)).toEqual(Array(7).fill(1));

    // Read again from the top: the new activity is there, the moved group on top.
    const fresh = await groupsOf(author, '&limit=50');
    expect(fresh.items.map((g) => g.key)).toContain(`like:${late}`);
    expect(new Set(fresh.items.map((g) => g.key)).size).toBe(fresh.items.length);
    expect(fresh.items.find((g) => g.key === `like:${posts[0]}`)!.count).toBe(2);
  });

  it('unread: groups newer than the seen time; marking seen clears it, a new alert makes its group unread again', async () => {
    const author = await signUp(t);
    const [a, b] = await signUpMany(t, 2);
    const p1 = await newPost(author);
    const p2 = await newPost(author);
    await like(a, p1);
    await like(a, p2);
    expect((await groupsOf(author)).items.map((g) => g.unread)).toEqual([true, true]);
    await author.agent.post('/api/notifications/seen').send({ kind: 'alerts' }).expect(200);
    expect((await groupsOf(author)).items.map((g) => g.unread)).toEqual([false, false]);
    await like(b, p1);
    expect((await groupsOf(author)).items.map((g) => [g.key, g.unread, g.count])).toEqual([
      [`like:${p1}`, true, 2],
      [`like:${p2}`, false, 1],
    ]);
  });
});
