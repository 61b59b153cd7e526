import { MESSAGES, type FollowUser, type Page } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, signUpMany, TestApp } from '../support/app';
import { exactFollowCounts } from '../support/follow-counts';

/**
 * The follow routes: answers, permissions, lists, counters under concurrent requests; the count sync's
 * lock wait is follows.service-spec.ts's. Timed: its 60 requests at once must all be answered within the
 * pool's connect timeout (DATABASE_CONNECT_TIMEOUT_MS), which a machine busy with other lanes does not give.
 */
describe('follows: follow, unfollow, lists, is-following', () => {
  let t: TestApp;

  const exact = (id: number) => exactFollowCounts(t, id);
  const follow = (who: SignedIn, followedId: number) => who.agent.post('/api/follow').send({ followerId: who.user.id, followedId });
  const unfollow = (who: SignedIn, followedId: number) => who.agent.post('/api/unfollow').send({ followerId: who.user.id, followedId });

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  it('follow and unfollow answer the state and both counts, and are idempotent', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect((await follow(a, b.user.id).expect(200)).body).toEqual({ success: true, isFollowing: true, followersCount: 1, followingCount: 1 });
    expect((await follow(a, b.user.id).expect(200)).body).toEqual({ success: true, isFollowing: true, followersCount: 1, followingCount: 1 });
    expect(await exact(b.user.id)).toEqual(expect.objectContaining({ followers_count: 1, following_count: 0 }));
    expect(await exact(a.user.id)).toEqual(expect.objectContaining({ followers_count: 0, following_count: 1 }));
    // The profile shows the same counts.
    expect((await t.agent().get(`/api/profile/${b.user.username}`).expect(200)).body).toEqual(expect.objectContaining({ followersCount: 1, followingCount: 0 }));
    // b follows back: a's followers and b's following.
    expect((await follow(b, a.user.id).expect(200)).body).toEqual({ success: true, isFollowing: true, followersCount: 1, followingCount: 1 });
    expect((await unfollow(a, b.user.id).expect(200)).body).toEqual({ success: true, isFollowing: false, followersCount: 0, followingCount: 0 });
    expect((await unfollow(a, b.user.id).expect(200)).body).toEqual({ success: true, isFollowing: false, followersCount: 0, followingCount: 0 });
    expect(await exact(a.user.id)).toEqual(expect.objectContaining({ followers_count: 1, following_count: 0 }));
    expect(await exact(b.user.id)).toEqual(expect.objectContaining({ followers_count: 0, following_count: 1 }));
    // Numeric strings are accepted as ids.
    expect((await a.agent.post('/api/follow').send({ followerId: String(a.user.id), followedId: String(b.user.id) }).expect(200)).body.isFollowing).toBe(true);
  });

  it('401 signed out, 403 as someone else, 400 self or bad ids, 404 unknown user, writing nothing', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const anon = t.agent();
    expect((await anon.post('/api/follow').send({ followerId: a.user.id, followedId: b.user.id }).expect(401)).body)
      .toEqual({ success: false, error: MESSAGES.auth.notSignedIn, statusCode: 401 });
    await anon.post('/api/unfollow').send({ followerId: a.user.id, followedId: b.user.id }).expect(401);
    expect((await a.agent.post('/api/follow').send({ followerId: b.user.id, followedId: a.user.id }).expect(403)).body.error).toBe(MESSAGES.follow.onlyYourself);
    await a.agent.post('/api/unfollow').send({ followerId: b.user.id, followedId: a.user.id }).expect(403);
    expect((await follow(a, a.user.id).expect(400)).body).toEqual({ success: false, error: MESSAGES.follow.self, statusCode: 400 });
    await unfollow(a, a.user.id).expect(400);
    expect((await follow(a, 999999999).expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
    expect((await unfollow(a, 999999999).expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
    for (const bad of [0, -3, 1.5, 'abc', '', null, true, [b.user.id], { id: 1 }, '1e3', 2 ** 63]) {
      const res = await a.agent.post('/api/follow').send({ followerId: a.user.id, followedId: bad });
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.follow.invalidId]);
      expect((await a.agent.post('/api/follow').send({ followerId: bad, followedId: b.user.id })).status).toBe(400);
    }
    await a.agent.post('/api/follow').send({ followedId: b.user.id }).expect(400);
    await a.agent.post('/api/follow').send({ followerId: a.user.id }).expect(400);
    await a.agent.post('/api/follow').set('Content-Type', 'application/json').send('{"followerId":').expect(400);
    expect(await exact(a.user.id)).toEqual(expect.objectContaining({ followers_count: 0, following_count: 0 }));
    expect(await exact(b.user.id)).toEqual(expect.objectContaining({ followers_count: 0, following_count: 0 }));
  });

  it('counts stay exact under concurrency: 20 parallel follow/unfollow mixes, many followers at once, A→B with B→A', async () => {
    const target = await signUp(t);
    const fan = await signUp(t);
    const mix = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? unfollow(fan, target.user.id) : follow(fan, target.user.id))));
    expect(mix.every((r) => r.status === 200)).toBe(true);
    const after = await exact(target.user.id);
    expect(after.follower_rows).toBeLessThanOrEqual(1);
    await exact(fan.user.id);
    // Twice at once, the same way: one row, +1.
    await unfollow(fan, target.user.id).expect(200);
    const twice = await Promise.all([follow(fan, target.user.id), follow(fan, target.user.id)]);
    expect(twice.map((r) => r.body.followersCount)).toEqual([1, 1]);
    expect(await exact(target.user.id)).toEqual(expect.objectContaining({ followers_count: 1 }));

    const fans = await signUpMany(t, 20);
    await Promise.all(fans.map((f) => follow(f, target.user.id).expect(200)));
    expect(await exact(target.user.id)).toEqual(expect.objectContaining({ followers_count: 21 }));
    // Each fan also toggles in a mix while others follow and unfollow each other (no deadlock, exact counts).
    await Promise.all(
      fans.flatMap((f, i) => [
        unfollow(f, target.user.id).expect(200),
        follow(f, fans[(i + 1) % fans.length].user.id).expect(200),
        follow(fans[(i + 1) % fans.length], f.user.id).expect(200),
      ]),
    );
    expect(await exact(target.user.id)).toEqual(expect.objectContaining({ followers_count: 1 }));
    for (const f of fans) expect(await exact(f.user.id)).toEqual(expect.objectContaining({ followers_count: 2, following_count: 2 }));
  });

  it('lists: newest follow first, keyset pages without repeats, isFollowing per viewer, public, 404 unknown', async () => {
    const star = await signUp(t);
    const fans = await signUpMany(t, 25);
    for (const f of fans) await follow(f, star.user.id).expect(200); // one after the other: distinct times
    const viewer = await signUp(t);
    const followedByViewer = new Set([fans[0].user.id, fans[13].user.id, fans[24].user.id]);
    for (const id of followedByViewer) await follow(viewer, id).expect(200);

    const seen: FollowUser[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/followers/${star.user.id}?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await viewer.agent.get(url).expect(200)).body as Page<FollowUser>;
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((u) => u.id)).toEqual([...fans].reverse().map((f) => f.user.id));
    expect(seen[0]).toEqual({ id: fans[24].user.id, name: null, username: fans[24].user.username, thumbnail: null, isFollowing: true });
    expect(seen.filter((u) => u.isFollowing).map((u) => u.id).sort()).toEqual([...followedByViewer].sort());

    // Signed out: the same list, isFollowing false everywhere.
    const anon = (await t.agent().get(`/api/followers/${star.user.id}?limit=100`).expect(200)).body as Page<FollowUser>;
    expect(anon.items).toHaveLength(25);
    expect(anon.nextCursor).toBeNull();
    expect(anon.items.every((u) => !u.isFollowing)).toBe(true);
    // Default page size 20.
    expect(((await t.agent().get(`/api/followers/${star.user.id}`).expect(200)).body as Page<FollowUser>).items).toHaveLength(20);

    // Following: newest first, and isFollowing of a fan's own entries.
    const following = (await fans[0].agent.get(`/api/following/${viewer.user.id}`).expect(200)).body as Page<FollowUser>;
    expect(following.items.map((u) => u.id)).toEqual([fans[24].user.id, fans[13].user.id, fans[0].user.id]);
    expect(following.items.map((u) => u.isFollowing)).toEqual([false, false, false]);
    await follow(fans[0], fans[13].user.id).expect(200);
    expect(((await fans[0].agent.get(`/api/following/${viewer.user.id}`).expect(200)).body as Page<FollowUser>).items.map((u) => u.isFollowing))
      .toEqual([false, true, false]);
    expect((await t.agent().get(`/api/following/${star.user.id}`).expect(200)).body).toEqual({ items: [], nextCursor: null });

    expect((await t.agent().get('/api/followers/999999999').expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
    await t.agent().get('/api/following/999999999').expect(404);
    await t.agent().get('/api/followers/abc').expect(400);
    await t.agent().get(`/api/followers/${star.user.id}?limit=0`).expect(400);
    await t.agent().get(`/api/followers/${star.user.id}?limit=101`).expect(400);
    expect((await t.agent().get(`/api/followers/${star.user.id}?cursor=nonsense`).expect(400)).body.error).toBe(MESSAGES.post.invalidCursor);
  });

  it('is-following is public and checks its ids', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await follow(a, b.user.id).expect(200);
    expect((await t.agent().get(`/api/is-following?followerId=${a.user.id}&followedId=${b.user.id}`).expect(200)).body).toEqual({ isFollowing: true });
    expect((await t.agent().get(`/api/is-following?followerId=${b.user.id}&followedId=${a.user.id}`).expect(200)).body).toEqual({ isFollowing: false });
    await unfollow(a, b.user.id).expect(200);
    expect((await a.agent.get(`/api/is-following?followerId=${a.user.id}&followedId=${b.user.id}`).expect(200)).body).toEqual({ isFollowing: false });
    for (const q of [`followerId=abc&followedId=${b.user.id}`, `followerId=${a.user.id}`, `followerId=0&followedId=${b.user.id}`, `followerId=${a.user.id}&followedId=-1`, '']) {
      expect((await t.agent().get(`/api/is-following?${q}`).expect(400)).body.error).toBe(MESSAGES.follow.invalidId);
    }
  });
});
