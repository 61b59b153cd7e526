import { MESSAGES, type UserAlert } from '@cloud9/contracts';
import { PASSWORD, signUp, type SignedIn } from '../support/app';
import { sessionCookieOf, tinyPng, type WatchedApp } from '../support/harness';
import { SocketClients, startInstance, type ClientSocket } from '../support/instances';
import { exactFollowCounts } from '../support/follow-counts';

/**
 * The block rule: between the two accounts of a block, profiles, posts and every action on them
 * answer 404 both ways (the very answer of a missing account or post), write nothing, and no alert
 * passes between them, stored or pushed.
 */
describe('a block: 404 both ways, nothing written, no alert between the two', () => {
  let t: WatchedApp;
  let url: string;
  const clients = new SocketClients();

  beforeAll(async () => {
    ({ t, url } = await startInstance(`${process.env.REDIS_PREFIX}block:`));
  });
  afterAll(async () => {
    clients.closeSockets();
    await t?.close();
  });

  const post = async (who: SignedIn, content = 'a post') => (await who.agent.post('/api/posts').send({ content, category: 'General' }).expect(201)).body.id as number;
  const block = (who: SignedIn, other: SignedIn) => who.agent.post(`/api/blocks/${other.user.id}`).expect(200);
  const unblock = (who: SignedIn, other: SignedIn) => who.agent.delete(`/api/blocks/${other.user.id}`).expect(200);
  /** A socket of `who` on a session of its own, and every alert:new it receives. */
  const listen = async (who: SignedIn) => {
    const login = await t.request().post('/api/login').send({ username: who.user.username, password: PASSWORD }).expect(200);
    const socket: ClientSocket = await clients.connect(url, sessionCookieOf(login));
    const alerts: UserAlert[] = [];
    socket.on('alert:new', (alert) => alerts.push(alert));
    return alerts;
  };
  /** Resolves once `alerts` holds one from `actor` (the push after it is the proof nothing came before). */
  const pushedFrom = async (alerts: UserAlert[], actor: SignedIn) => {
    const deadline = Date.now() + 5000;
    while (!alerts.some((a) => a.actor_username === actor.user.username)) {
      if (Date.now() > deadline) throw new Error(`no alert:new from ${actor.user.username}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const alertRows = async (a: SignedIn, b: SignedIn) =>
    (await t.db.query('SELECT count(*)::int AS n FROM user_alerts WHERE (actor_id = $1 AND recipient_id = $2) OR (actor_id = $2 AND recipient_id = $1)', [a.user.id, b.user.id]))[0].n as number;

  /** Everything an action of one on the other could change: rows, counters, alerts, uploads. */
  const state = async (a: SignedIn, b: SignedIn) => {
    const ids = [a.user.id, b.user.id];
    const [row] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM likes WHERE user_id = ANY($1)) AS likes,
              (SELECT count(*)::int FROM reposts WHERE user_id = ANY($1)) AS reposts,
              (SELECT count(*)::int FROM bookmarks WHERE user_id = ANY($1)) AS bookmarks,
              (SELECT count(*)::int FROM post_not_interested WHERE user_id = ANY($1)) AS not_interested,
              (SELECT count(*)::int FROM posts WHERE user_id = ANY($1)) AS posts,
              (SELECT count(*)::int FROM follows WHERE follower_id = ANY($1) OR followed_id = ANY($1)) AS follows,
              (SELECT count(*)::int FROM user_alerts WHERE recipient_id = ANY($1)) AS alerts,
              (SELECT count(*)::int FROM media WHERE owner_id = ANY($1)) AS media,
              (SELECT json_agg(json_build_object('id', id, 'likes', likes_count, 'reposts', reposts_count, 'replies', replies_count) ORDER BY id)
                 FROM posts WHERE user_id = ANY($1)) AS counters,
              (SELECT json_agg(json_build_object('id', id, 'followers', followers_count, 'following', following_count) ORDER BY id)
                 FROM users WHERE id = ANY($1)) AS follow_counters`,
      [ids],
    );
    return row as Record<string, unknown>;
  };

  it('each sees the other’s profile, its lists and the other’s posts as missing; others and signed-out readers still see them; unblocking restores them', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const carol = await signUp(t);
    const alicePost = await post(alice);
    const bobPost = await post(bob);
    await block(alice, bob);

    const missingUser = (await alice.agent.get('/api/profile/nobody_of_that_name').expect(404)).body.error;
    const missingPost = (await alice.agent.get('/api/posts/987654321').expect(404)).body.error;
    expect(missingUser).toBe(MESSAGES.profile.userNotFound);
    expect(missingPost).toBe(MESSAGES.post.notFoundOrDeleted);

    const readsOf = (other: SignedIn, postId: number) => [
      [`/api/profile/${other.user.username}`, missingUser],
      [`/api/profile/${other.user.username.toUpperCase()}`, missingUser],
      [`/api/followers/${other.user.id}`, missingUser],
      [`/api/following/${other.user.id}`, missingUser],
      [`/api/posts?username=${other.user.username}`, missingUser],
      [`/api/users/${other.user.username}/replies`, missingUser],
      [`/api/users/${other.user.username}/liked-posts`, missingUser],
      [`/api/users/${other.user.username}/reposts`, missingUser],
      [`/api/users/${other.user.username}/media`, missingUser],
      [`/api/users/${other.user.username}/counts`, missingUser],
      [`/api/posts/${postId}`, missingPost],
      [`/api/posts/${postId}/thread`, missingPost],
      [`/api/posts/${postId}/replies`, missingPost],
      [`/api/posts/${postId}/history`, missingPost],
      [`/api/reposts/count/${postId}`, missingPost],
    ];
    for (const [viewer, other, postId] of [[alice, bob, bobPost], [bob, alice, alicePost]] as const) {
      for (const [path, error] of readsOf(other, postId)) {
        const res = await viewer.agent.get(path);
        expect([path, res.status, res.body.error]).toEqual([path, 404, error]);
      }
    }
    // Only the two of them: a third member and a signed-out reader see both as before.
    for (const [other, postId] of [[alice, alicePost], [bob, bobPost]] as const) {
      for (const [path] of readsOf(other, postId)) {
        expect([path, (await carol.agent.get(path)).status]).toEqual([path, 200]);
        expect([path, (await t.agent().get(path)).status]).toEqual([path, 200]);
      }
    }
    await unblock(alice, bob);
    for (const [viewer, other, postId] of [[alice, bob, bobPost], [bob, alice, alicePost]] as const) {
      for (const [path] of readsOf(other, postId)) expect([path, (await viewer.agent.get(path)).status]).toEqual([path, 200]);
    }
  });

  it('every action of one on the other or their posts answers 404 and writes nothing, both ways: no row, no counter, no alert, no upload', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const alicePost = await post(alice);
    const bobPost = await post(bob);
    // Before the block: bob follows alice and likes her post, so the block has follows to end.
    await bob.agent.post('/api/follow').send({ followerId: bob.user.id, followedId: alice.user.id }).expect(200);
    await bob.agent.post(`/api/posts/${alicePost}/like`).send({}).expect(200);
    await block(bob, alice); // the blocked side acts too: the rule is the same both ways
    await exactFollowCounts(t, alice.user.id);
    await exactFollowCounts(t, bob.user.id);
    const before = await state(alice, bob);

    for (const [me, other, postId] of [[alice, bob, bobPost], [bob, alice, alicePost]] as const) {
      const userGone = MESSAGES.profile.userNotFound;
      const postGone = MESSAGES.post.notFoundOrDeleted;
      const actions: [string, () => Promise<{ status: number; body: { error?: string } }>, string][] = [
        ['follow', () => me.agent.post('/api/follow').send({ followerId: me.user.id, followedId: other.user.id }), userGone],
        ['unfollow', () => me.agent.post('/api/unfollow').send({ followerId: me.user.id, followedId: other.user.id }), userGone],
        ['like', () => me.agent.post(`/api/posts/${postId}/like`).send({}), postGone],
        ['repost', () => me.agent.post(`/api/posts/${postId}/repost`).send({}), postGone],
        ['reply', () => me.agent.post(`/api/posts/${postId}/reply`).send({ content: 'hello there' }), postGone],
        ['reply with an upload', () => me.agent.post(`/api/posts/${postId}/reply`).field('content', 'look').attach('file', tinyPng(), { filename: 'a.png', contentType: 'image/png' }), postGone],
        ['bookmark', () => me.agent.post('/api/bookmarks').send({ postId }), postGone],
        ['not interested', () => me.agent.post(`/api/posts/${postId}/not-interested`), postGone],
      ];
      for (const [name, act, error] of actions) {
        const res = await act();
        expect([name, res.status, res.body.error]).toEqual([name, 404, error]);
      }
    }
    expect(await state(alice, bob)).toEqual(before);
    await exactFollowCounts(t, alice.user.id);
    await exactFollowCounts(t, bob.user.id);

    // Reporting stays open: reporting whoever blocked you is legitimate. So do mutes and blocks (a
    // blocked member may block back; refusing would keep them from protecting themselves).
    await alice.agent.post(`/api/mutes/${bob.user.id}`).expect(200);
    await alice.agent.post(`/api/blocks/${bob.user.id}`).expect(200);
    await alice.agent.post('/api/reports').send({ targetType: 'user', targetId: bob.user.id, reason: 'harassment' }).expect(201);
    await alice.agent.post('/api/reports').send({ targetType: 'post', targetId: bobPost, reason: 'spam' }).expect(201);
    // Invalid input is still the route's own 400, not a 404.
    await alice.agent.post('/api/follow').send({ followerId: alice.user.id, followedId: 'x' }).expect(400);
  });

  it('no alert passes between them, stored or pushed: a mention of the other, the ones before the block are hidden, and both come back on unblock', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const carol = await signUp(t);
    const alicePost = await post(alice);
    const bobPost = await post(bob);
    await bob.agent.post(`/api/posts/${alicePost}/like`).send({}).expect(200); // before the block: stored and shown
    const aliceAlerts = await listen(alice);
    const bobAlerts = await listen(bob);
    await block(alice, bob);

    // Mentions of each other: the posts are made, the mentions raise nothing.
    await post(bob, `hey @${alice.user.username} look`);
    await post(alice, `about @${bob.user.username} again`);
    await bob.agent.post(`/api/posts/${bobPost}/reply`).send({ content: `@${alice.user.username} reads this?` }).expect(201);
    expect(await alertRows(alice, bob)).toBe(1); // only the like from before the block

    // A third member's alerts still arrive, and after the mentions: had any been pushed, it came first.
    await carol.agent.post(`/api/posts/${alicePost}/like`).send({}).expect(200);
    await carol.agent.post(`/api/posts/${bobPost}/like`).send({}).expect(200);
    await pushedFrom(aliceAlerts, carol);
    await pushedFrom(bobAlerts, carol);
    expect(aliceAlerts.map((a) => a.actor_username)).toEqual([carol.user.username]);
    expect(bobAlerts.map((a) => a.actor_username)).toEqual([carol.user.username]);

    // The like from before the block is hidden from every reading of alice's alerts.
    const list = async () => (await alice.agent.get(`/api/notifications/user/${alice.user.id}`).expect(200)).body.items as UserAlert[];
    const groups = async () => (await alice.agent.get(`/api/notifications/user/${alice.user.id}`).query({ grouped: 1 }).expect(200)).body.items as { actors: { username: string }[]; count: number }[];
    expect((await list()).map((a) => a.actor_username)).toEqual([carol.user.username]);
    expect((await groups()).map((g) => [g.count, g.actors.map((x) => x.username)])).toEqual([[1, [carol.user.username]]]);

    await unblock(alice, bob);
    expect((await list()).map((a) => a.actor_username)).toEqual([carol.user.username, bob.user.username]);
    expect((await groups()).map((g) => [g.count, g.actors.map((x) => x.username)])).toEqual([[2, [carol.user.username, bob.user.username]]]);
  });

  it('a block between them leaves the dot dark: the newest alert it counts is the newest one shown', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const alicePost = await post(alice);
    await bob.agent.post(`/api/posts/${alicePost}/like`).send({}).expect(200);
    const status = async () => (await alice.agent.get('/api/notifications/status').expect(200)).body.latestUserAlert as string | null;
    expect(await status()).not.toBeNull();
    await block(bob, alice);
    expect(await status()).toBeNull();
  });
});
