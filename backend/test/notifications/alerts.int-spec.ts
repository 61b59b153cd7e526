import type Redis from 'ioredis';
import { GroupId, MESSAGES, shouldShowDot, type NotificationStatus, type Page, type Post, type UserAlert } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { WITHDRAWN_ALERT_MEMORY_SECONDS } from '../../src/modules/notifications/withdrawn-alerts';
import { RealtimeService } from '../../src/modules/realtime/realtime.service';
import { bootApp, signUp, SignedIn, signUpMany, TestApp } from '../support/app';
import { recordingServer, type Emitted } from '../support/recording-server';

describe('user alerts: raised and withdrawn with likes, reposts, replies and follows', () => {
  let t: TestApp;
  const emitted: Emitted[] = [];



  const newPost = async (who: SignedIn, content = 'a post') => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const alertRows = async (recipientId: number) =>
    (await t.db.query(`SELECT id, actor_id, type, post_id, message FROM user_alerts WHERE recipient_id = $1 ORDER BY id`, [recipientId])) as {
      id: number; actor_id: number; type: string; post_id: number | null; message: string;
    }[];
  const alertsOf = async (who: SignedIn, query = '') =>
    ((await who.agent.get(`/api/notifications/user/${who.user.id}${query}`).expect(200)).body as Page<UserAlert>);
  const eventsTo = (userId: number) => emitted.filter((e) => e.room === `user:${userId}`);
  const named = async (who: SignedIn, name: string) => t.db.query('UPDATE users SET name = $1 WHERE id = $2', [name, who.user.id]);

  beforeAll(async () => {
    t = await bootApp();
    t.app.get(RealtimeService).attach(recordingServer(emitted));
  });
  beforeEach(() => {
    emitted.length = 0;
  });
  afterAll(() => t?.close());

  it('a like raises an alert for the author (stored, listed and pushed after commit); unlike withdraws it', async () => {
    const author = await signUp(t);
    const fan = await signUp(t);
    await named(fan, 'Fan Person');
    const postId = await newPost(author);
    await fan.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
    const [row] = await alertRows(author.user.id);
    expect(row).toEqual({ id: expect.any(Number), actor_id: fan.user.id, type: 'like', post_id: postId, message: 'Fan Person liked your post' });
    expect(row.message).toBe(MESSAGES.alerts.like('Fan Person'));
    const page = await alertsOf(author);
    expect(page).toEqual({
      items: [{
        id: row.id, type: 'like', message: 'Fan Person liked your post', actor_name: 'Fan Person', actor_username: fan.user.username,
        actor_thumbnail: null, post_id: postId, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      }],
      nextCursor: null,
    });
    expect(eventsTo(author.user.id)).toEqual([{ room: `user:${author.user.id}`, event: 'alert:new', payload: page.items[0] }]);
    expect(eventsTo(fan.user.id)).toEqual([]);

    emitted.length = 0;
    await fan.agent.post(`/api/posts/${postId}/like`).send({}).expect(200); // unlike
    expect(await alertRows(author.user.id)).toEqual([]);
    expect(emitted).toEqual([{ room: `user:${author.user.id}`, event: 'alert:removed', payload: { id: row.id } }]);
    expect(await alertsOf(author)).toEqual({ items: [], nextCursor: null });
  });

  it('a repost raises one (named by username when there is no name); unrepost withdraws it', async () => {
    const author = await signUp(t);
    const fan = await signUp(t);
    const postId = await newPost(author);
    await fan.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
    const [row] = await alertRows(author.user.id);
    expect(row).toEqual(expect.objectContaining({ type: 'repost', post_id: postId, message: `${fan.user.username} reposted your post` }));
    expect(eventsTo(author.user.id).map((e) => e.event)).toEqual(['alert:new']);
    await fan.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
    expect(await alertRows(author.user.id)).toEqual([]);
    expect(eventsTo(author.user.id).map((e) => [e.event, e.payload])).toEqual([['alert:new', expect.anything()], ['alert:removed', { id: row.id }]]);
  });

  it('a reply alerts the parent author and points at the reply; deleting the reply (or the parent) withdraws it', async () => {
    const author = await signUp(t);
    const fan = await signUp(t);
    await named(fan, 'Replier');
    const postId = await newPost(author);
    const reply = (await fan.agent.post(`/api/posts/${postId}/reply`).send({ content: 'nice' }).expect(201)).body as Post;
    const [row] = await alertRows(author.user.id);
    expect(row).toEqual(expect.objectContaining({ actor_id: fan.user.id, type: 'reply', post_id: reply.id, message: 'Replier replied to your post' }));
    expect(eventsTo(author.user.id)).toEqual([expect.objectContaining({ event: 'alert:new', payload: expect.objectContaining({ id: row.id, type: 'reply', post_id: reply.id }) })]);
    emitted.length = 0;
    await fan.agent.delete(`/api/posts/${reply.id}`).expect(200);
    expect(await alertRows(author.user.id)).toEqual([]);
    expect(emitted).toEqual([{ room: `user:${author.user.id}`, event: 'alert:removed', payload: { id: row.id } }]);

    // Deleting the parent withdraws the alerts about it and about its replies (each pushed to its recipient).
    const second = await newPost(author);
    const r2 = (await fan.agent.post(`/api/posts/${second}/reply`).send({ content: 'again' }).expect(201)).body as Post;
    await author.agent.post(`/api/posts/${r2.id}/like`).send({}).expect(200); // alerts the fan
    await fan.agent.post(`/api/posts/${second}/like`).send({}).expect(200); // alerts the author
    const authorAlerts = await alertRows(author.user.id);
    const fanAlerts = await alertRows(fan.user.id);
    expect(authorAlerts).toHaveLength(2);
    expect(fanAlerts).toHaveLength(1);
    emitted.length = 0;
    await author.agent.delete(`/api/posts/${second}`).expect(200);
    expect(await alertRows(author.user.id)).toEqual([]);
    expect(await alertRows(fan.user.id)).toEqual([]);
    expect(emitted.filter((e) => e.event === 'alert:removed').map((e) => [e.room, (e.payload as { id: number }).id]).sort()).toEqual(
      [...authorAlerts.map((a) => [`user:${author.user.id}`, a.id]), [`user:${fan.user.id}`, fanAlerts[0].id]].sort(),
    );
  });

  it('a follow alerts the followed user once; unfollow withdraws it', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await named(a, 'Ada');
    await a.agent.post('/api/follow').send({ followerId: a.user.id, followedId: b.user.id }).expect(200);
    await a.agent.post('/api/follow').send({ followerId: a.user.id, followedId: b.user.id }).expect(200);
    const rows = await alertRows(b.user.id);
    expect(rows).toEqual([expect.objectContaining({ actor_id: a.user.id, type: 'follow', post_id: null, message: 'Ada started following you' })]);
    expect(eventsTo(b.user.id).map((e) => e.event)).toEqual(['alert:new']);
    await a.agent.post('/api/unfollow').send({ followerId: a.user.id, followedId: b.user.id }).expect(200);
    expect(await alertRows(b.user.id)).toEqual([]);
    expect(eventsTo(b.user.id).map((e) => [e.event, e.payload])).toEqual([['alert:new', expect.anything()], ['alert:removed', { id: rows[0].id }]]);
    expect(await alertRows(a.user.id)).toEqual([]);
  });

  it('never for acting on oneself', async () => {
    const me = await signUp(t);
    const postId = await newPost(me);
    await me.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
    await me.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
    const reply = (await me.agent.post(`/api/posts/${postId}/reply`).send({ content: 'self' }).expect(201)).body as Post;
    await me.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
    await me.agent.delete(`/api/posts/${reply.id}`).expect(200);
    expect(await alertRows(me.user.id)).toEqual([]);
    expect(emitted.filter((e) => e.event.startsWith('alert:'))).toEqual([]);
  });

  it('alerts match the reactions exactly under 20 parallel toggles; the like alerts once, follows each time', async () => {
    const author = await signUp(t);
    const fan = await signUp(t);
    const postId = await newPost(author);
    await Promise.all(Array.from({ length: 20 }, () => fan.agent.post(`/api/posts/${postId}/like`).send({}).expect(200)));
    await Promise.all(Array.from({ length: 21 }, (_, i) =>
      (i % 2 ? fan.agent.post('/api/unfollow') : fan.agent.post('/api/follow')).send({ followerId: fan.user.id, followedId: author.user.id }).expect(200)));
    const [{ likes, follows, like_alerts, follow_alerts }] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM likes WHERE post_id = $1) AS likes,
              (SELECT count(*)::int FROM follows WHERE follower_id = $2 AND followed_id = $3) AS follows,
              (SELECT count(*)::int FROM user_alerts WHERE type = 'like' AND post_id = $1) AS like_alerts,
              (SELECT count(*)::int FROM user_alerts WHERE type = 'follow' AND actor_id = $2 AND recipient_id = $3) AS follow_alerts`,
      [postId, fan.user.id, author.user.id],
    );
    expect(like_alerts).toBe(likes);
    expect(follow_alerts).toBe(follows);
    const news = eventsTo(author.user.id).filter((e) => e.event === 'alert:new').map((e) => e.payload as UserAlert);
    const gone = new Set(eventsTo(author.user.id).filter((e) => e.event === 'alert:removed').map((e) => (e.payload as { id: number }).id));
    // A like taken back and given again within the hour comes back quietly: one alert:new however often it toggles.
    expect(news.filter((a) => a.type === 'like')).toHaveLength(1);
    // Follows have no post: each follow alerts, each unfollow withdraws; what stands is what was pushed and not taken back.
    const followNews = news.filter((a) => a.type === 'follow');
    expect(followNews.length - followNews.filter((a) => gone.has(a.id)).length).toBe(follows);
  });

  describe('an alert raised and withdrawn is not raised again for the same post and actor within an hour', () => {
    const statusOf = async (who: SignedIn) => (await who.agent.get('/api/notifications/status').expect(200)).body as NotificationStatus;
    const pushed = (userId: number) => eventsTo(userId).map((e) => [e.event, (e.payload as UserAlert).type ?? null]);

    it('like, unlike, like: the alert comes back quietly as it was (its first time, no push, no second unread alert)', async () => {
      const author = await signUp(t);
      const fan = await signUp(t);
      const postId = await newPost(author);
      const toggleLike = () => fan.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
      await toggleLike();
      const [first] = (await alertsOf(author)).items;
      await toggleLike();
      expect((await alertsOf(author)).items).toEqual([]);
      await toggleLike();
      const [back] = (await alertsOf(author)).items;
      expect(back).toEqual({ ...first, id: expect.any(Number) });
      expect(pushed(author.user.id)).toEqual([['alert:new', 'like'], ['alert:removed', null]]);
      // Unread once, as before; once seen, toggling again lights nothing.
      expect((await statusOf(author)).latestUserAlert).toBe(first.createdAt);
      await author.agent.post('/api/notifications/seen').send({ kind: 'alerts' }).expect(200);
      for (let i = 0; i < 4; i++) await toggleLike();
      const status = await statusOf(author);
      expect(shouldShowDot(status.latestUserAlert, status.lastSeenUserAlerts)).toBe(false);
      expect((await alertsOf(author)).items).toEqual([{ ...first, id: expect.any(Number) }]);
      expect(pushed(author.user.id).filter(([event]) => event === 'alert:new')).toEqual([['alert:new', 'like']]);
      // Another actor, or the same actor's repost, is news.
      const other = await signUp(t);
      await other.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
      await fan.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
      expect(pushed(author.user.id).filter(([event]) => event === 'alert:new')).toEqual([['alert:new', 'like'], ['alert:new', 'like'], ['alert:new', 'repost']]);
    });

    it('a repost undone and redone, and a mention edited out and back in, come back quietly too', async () => {
      const author = await signUp(t, { groupId: GroupId.Silver });
      const fan = await signUp(t);
      const postId = await newPost(author, `hello @${fan.user.username}`);
      const [mention] = (await alertsOf(fan)).items;
      expect(mention).toEqual(expect.objectContaining({ type: 'mention', post_id: postId }));
      const edit = (content: string) => author.agent.put(`/api/posts/${postId}/edit`).send({ content }).expect(200);
      await edit('hello nobody');
      expect((await alertsOf(fan)).items).toEqual([]);
      await edit(`hello again @${fan.user.username}`);
      expect((await alertsOf(fan)).items).toEqual([{ ...mention, id: expect.any(Number) }]);
      expect(pushed(fan.user.id)).toEqual([['alert:new', 'mention'], ['alert:removed', null]]);

      for (let i = 0; i < 3; i++) await fan.agent.post(`/api/posts/${postId}/repost`).send({}).expect(200);
      expect((await alertsOf(author)).items.map((a) => a.type)).toEqual(['repost']);
      expect(pushed(author.user.id)).toEqual([['alert:new', 'repost'], ['alert:removed', null]]);
    });

    it('an hour after the withdrawal, doing it again alerts again', async () => {
      const author = await signUp(t);
      const fan = await signUp(t);
      const postId = await newPost(author);
      for (let i = 0; i < 2; i++) await fan.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
      // Age the memory of that withdrawal past the hour.
      const redis = t.app.get<Redis>(REDIS);
      const key = t.app.get(RedisKeys).withdrawnAlerts(postId, fan.user.id);
      const [raisedAt] = (await redis.hget(key, `like:${author.user.id}`))!.split(':');
      await redis.hset(key, `like:${author.user.id}`, `${raisedAt}:${Date.now() - WITHDRAWN_ALERT_MEMORY_SECONDS * 1000 - 1000}`);
      await fan.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
      expect(pushed(author.user.id)).toEqual([['alert:new', 'like'], ['alert:removed', null], ['alert:new', 'like']]);
      const [alert] = (await alertsOf(author)).items;
      expect(Date.parse(alert.createdAt)).toBeGreaterThan(Number(raisedAt));
    });
  });

  it('the list is own only, newest first, keyset-paged without repeats, filtered by ?query=', async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const postId = await newPost(author);
    const fans = await signUpMany(t, 25);
    for (const f of fans) await f.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
    await named(fans[7], 'Zed 100%_sure');

    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<UserAlert> = await alertsOf(author, `?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.items.map((a) => a.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual([...ids].sort((x, y) => y - x)); // newest (last created) first
    expect((await alertsOf(author)).items).toHaveLength(20);

    // Filter by the actor's username or name, or the message; wildcards are literal.
    expect((await alertsOf(author, `?query=${fans[3].user.username}`)).items.map((a) => a.actor_username)).toEqual([fans[3].user.username]);
    expect((await alertsOf(author, `?query=${encodeURIComponent('100%_s')}`)).items.map((a) => a.actor_name)).toEqual(['Zed 100%_sure']);
    expect((await alertsOf(author, `?query=${encodeURIComponent('%')}`)).items).toHaveLength(1);
    expect((await alertsOf(author, '?query=Zed_100')).items).toEqual([]); // '_' is not "any character"
    expect((await alertsOf(author, '?limit=100&query=_')).items).toHaveLength(25); // every username has one
    expect((await alertsOf(author, '?query=liked%20your')).items).toHaveLength(20);
    expect((await alertsOf(author, '?query=started%20following')).items).toEqual([]);

    expect((await other.agent.get(`/api/notifications/user/${author.user.id}`).expect(403)).body)
      .toEqual({ success: false, error: MESSAGES.notifications.onlyOwnAlerts, statusCode: 403 });
    await t.agent().get(`/api/notifications/user/${author.user.id}`).expect(401);
    await author.agent.get('/api/notifications/user/abc').expect(400);
    await author.agent.get(`/api/notifications/user/${author.user.id}?limit=500`).expect(400);
    await author.agent.get(`/api/notifications/user/${author.user.id}?cursor=zzz`).expect(400);
  });
});
