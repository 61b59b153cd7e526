import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { GroupId, MESSAGES, SOCKET_PATH, type Page, type Post, type ServerToClientEvents, type UserAlert } from '@cloud9/contracts';
import { MENTION_ALERTS_PER_POST } from '../../src/modules/notifications/mention-alerts';
import { bootApp, PASSWORD, signUp, signUpMany, type SignedIn, type TestApp } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';

type ClientSocket = Socket<ServerToClientEvents>;

/**
 * Mentions on the wire and as alerts. Two app instances share PostgreSQL and one Redis prefix: posts
 * are written through A, and a recipient's socket on B receives the mention alert.
 */
describe('mentions: stored with the post, on the wire everywhere, alerted in its transaction', () => {
  let a: TestApp;
  let b: TestApp;
  let bUrl: string;
  const sockets: ClientSocket[] = [];

  const word = () => `w${randomBytes(5).toString('hex')}`;
  const create = async (who: SignedIn, content: string) => (await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post;
  const edit = async (who: SignedIn, id: number, content: string) => ((await who.agent.put(`/api/posts/${id}/edit`).send({ content }).expect(200)).body as { post: Post }).post;
  const mentionAlerts = async (postId: number) =>
    (await a.db.query(`SELECT id, recipient_id, actor_id FROM user_alerts WHERE type = 'mention' AND post_id = $1 ORDER BY id`, [postId])) as {
      id: number; recipient_id: number; actor_id: number;
    }[];
  const recipientsOf = async (postId: number) => (await mentionAlerts(postId)).map((r) => r.recipient_id).sort((x, y) => x - y);
  const byId = (page: Page<Post>, id: number) => page.items.find((p) => p.id === id);
  const facts = (p: Post | undefined) => p && { mentions: p.mentions, tags: p.tags };

  /** Signs in through A and keeps the session cookie for a socket on B. */
  async function withCookie(groupId?: number): Promise<SignedIn & { cookie: string }> {
    const who = await signUp(a, groupId ? { groupId } : {});
    const login = await a.agent().post('/api/login').send({ username: who.user.username, password: PASSWORD }).expect(200);
    return { ...who, cookie: sessionCookieOf(login) };
  }

  function connect(cookie: string): Promise<ClientSocket> {
    const socket: ClientSocket = io(bUrl, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  beforeAll(async () => {
    const prefix = `${process.env.REDIS_PREFIX}mentions:`;
    [a, b] = await Promise.all([bootApp({ REDIS_PREFIX: prefix }), bootApp({ REDIS_PREFIX: prefix })]);
    const server: Server = await b.app.listen(0, '127.0.0.1');
    bUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('lists existing accounts as they spell their names (any case written), in text order, once; an unknown @name stays out', async () => {
    const author = await signUp(a);
    const [bob, carol] = await signUpMany(a, 2);
    const post = await create(author, `hi @${carol.user.username.toUpperCase()} and @${bob.user.username}, @nobody_${word()} #Clouds #clouds #Rain @${carol.user.username}`);
    expect(facts(post)).toEqual({ mentions: [carol.user.username, bob.user.username], tags: ['clouds', 'rain'] });
    expect(post.content).toContain('@nobody_'); // the text is kept as written
    const rows = await a.db.query(`SELECT user_id FROM post_mentions WHERE post_id = $1 ORDER BY user_id`, [post.id]);
    expect(rows.map((r: { user_id: number }) => r.user_id)).toEqual([bob.user.id, carol.user.id].sort((x, y) => x - y));
    const tags = await a.db.query(`SELECT tag FROM post_tags WHERE post_id = $1 ORDER BY tag`, [post.id]);
    expect(tags.map((r: { tag: string }) => r.tag)).toEqual(['clouds', 'rain']);
  });

  it('every endpoint that returns posts carries mentions and tags (feeds incl. the cached first page, category, following, profile, replies, search, lists)', async () => {
    const author = await signUp(a);
    const [friend, fan] = await signUpMany(a, 2);
    const marker = word();
    const expected = { mentions: [friend.user.username], tags: ['sky'] };
    const post = await create(author, `${marker} with @${friend.user.username} #Sky`);
    const reply = (await fan.agent.post(`/api/posts/${post.id}/reply`).send({ content: `${marker} yes @${author.user.username} #Sky` }).expect(201)).body as Post;
    const replyFacts = { mentions: [author.user.username], tags: ['sky'] };
    expect(facts(reply)).toEqual(replyFacts);
    expect(facts(reply.originalPost ?? undefined)).toEqual(expected);
    await fan.agent.post('/api/follow').send({ followerId: fan.user.id, followedId: author.user.id }).expect(200);
    await fan.agent.post(`/api/posts/${post.id}/like`).send({}).expect(200);
    await fan.agent.post(`/api/posts/${post.id}/repost`).send({}).expect(200);

    const anon = a.agent();
    for (let i = 0; i < 2; i++) {
      // twice: the second read of the shared first page comes from the cache
      expect(facts(byId((await anon.get('/api/posts').expect(200)).body, post.id))).toEqual(expected);
      expect(facts(byId((await fan.agent.get('/api/posts').expect(200)).body, post.id))).toEqual(expected);
    }
    expect(facts(byId((await anon.get('/api/posts/category/General').expect(200)).body, post.id))).toEqual(expected);
    expect(facts(byId((await fan.agent.get('/api/posts?tab=following').expect(200)).body, post.id))).toEqual(expected);
    expect(facts(byId((await anon.get(`/api/posts?username=${author.user.username}`).expect(200)).body, post.id))).toEqual(expected);
    expect(facts((await anon.get(`/api/posts/${post.id}`).expect(200)).body)).toEqual(expected);
    expect(facts(byId((await anon.get(`/api/posts/${post.id}/replies`).expect(200)).body, reply.id))).toEqual(replyFacts);
    expect(facts(byId((await anon.get(`/api/search/posts?query=${marker}`).expect(200)).body, post.id))).toEqual(expected);
    expect(facts(byId((await anon.get(`/api/search/profile/${author.user.username}?query=${marker}`).expect(200)).body, post.id))).toEqual(expected);
    const fanReplies = (await anon.get(`/api/users/${fan.user.username}/replies`).expect(200)).body as Page<Post>;
    expect(facts(byId(fanReplies, reply.id))).toEqual(replyFacts);
    expect(facts(byId(fanReplies, reply.id)?.originalPost ?? undefined)).toEqual(expected);
    expect(facts(byId((await anon.get(`/api/users/${fan.user.username}/liked-posts`).expect(200)).body, post.id))).toEqual(expected);
    expect(facts(byId((await anon.get(`/api/users/${fan.user.username}/reposts`).expect(200)).body, post.id))).toEqual(expected);
    expect(facts(byId((await anon.get('/api/posts?tag=sky').expect(200)).body, post.id))).toEqual(expected);
  });

  it('an edit updates mentions and tags, and the next load of the cached first page shows them', async () => {
    const author = await signUp(a, { groupId: GroupId.Silver });
    const [old, fresh] = await signUpMany(a, 2);
    const post = await create(author, `before @${old.user.username} #Old`);
    const reader = a.agent();
    expect(facts(byId((await reader.get('/api/posts').expect(200)).body, post.id))).toEqual({ mentions: [old.user.username], tags: ['old'] });
    const edited = await edit(author, post.id, `after @${fresh.user.username} #New #Newer`);
    expect(facts(edited)).toEqual({ mentions: [fresh.user.username], tags: ['new', 'newer'] });
    expect(facts(byId((await reader.get('/api/posts').expect(200)).body, post.id))).toEqual({ mentions: [fresh.user.username], tags: ['new', 'newer'] });
    expect(facts(byId((await b.agent().get('/api/posts').expect(200)).body, post.id))).toEqual({ mentions: [fresh.user.username], tags: ['new', 'newer'] });
    expect(await a.db.query(`SELECT user_id FROM post_mentions WHERE post_id = $1`, [post.id])).toEqual([{ user_id: fresh.user.id }]);
    expect((await a.db.query(`SELECT tag FROM post_tags WHERE post_id = $1 ORDER BY tag`, [post.id])).map((r: { tag: string }) => r.tag)).toEqual(['new', 'newer']);
  });

  it('a deleted post takes its mentions, tags and mention alerts with it (its replies\' too)', async () => {
    const author = await signUp(a);
    const [bob, carol] = await signUpMany(a, 2);
    const post = await create(author, `@${bob.user.username} #Gone`);
    const reply = (await bob.agent.post(`/api/posts/${post.id}/reply`).send({ content: `@${carol.user.username} #Gone` }).expect(201)).body as Post;
    expect(await recipientsOf(post.id)).toEqual([bob.user.id]);
    expect(await recipientsOf(reply.id)).toEqual([carol.user.id]);
    await author.agent.delete(`/api/posts/${post.id}`).expect(200);
    for (const table of ['post_mentions', 'post_tags']) {
      expect(await a.db.query(`SELECT 1 FROM ${table} WHERE post_id = ANY($1::bigint[])`, [[post.id, reply.id]])).toEqual([]);
    }
    expect(await mentionAlerts(post.id)).toEqual([]);
    expect(await mentionAlerts(reply.id)).toEqual([]);
  });

  it('a deleted account is no longer listed by the posts that mention it', async () => {
    const author = await signUp(a);
    const [gone, stays] = await signUpMany(a, 2);
    const post = await create(author, `@${gone.user.username} @${stays.user.username}`);
    expect(post.mentions).toEqual([gone.user.username, stays.user.username]);
    await gone.agent.delete(`/api/users/${gone.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    expect(((await a.agent().get(`/api/posts/${post.id}`).expect(200)).body as Post).mentions).toEqual([stays.user.username]);
    expect(await a.db.query(`SELECT mention_ids FROM posts WHERE id = $1`, [post.id])).toEqual([{ mention_ids: [String(stays.user.id)] }]);
    expect(await a.db.query(`SELECT user_id FROM post_mentions WHERE post_id = $1`, [post.id])).toEqual([{ user_id: stays.user.id }]);
  });

  it('a mention alerts the account (stored, listed) and is pushed live to its socket on the other instance; never to oneself', async () => {
    const author = await withCookie();
    await a.db.query(`UPDATE users SET name = 'Author Person' WHERE id = $1`, [author.user.id]);
    const bob = await withCookie();
    const bobSocket = await connect(bob.cookie);
    const authorSocket = await connect(author.cookie);
    const pushed = new Promise<UserAlert>((resolve) => bobSocket.on('alert:new', (alert) => alert.type === 'mention' && resolve(alert)));
    const selfPushes: UserAlert[] = [];
    authorSocket.on('alert:new', (alert) => selfPushes.push(alert));

    const post = await create(author, `hello @${bob.user.username} and me @${author.user.username}`);
    expect(post.mentions).toEqual([bob.user.username, author.user.username]);
    const [row] = await mentionAlerts(post.id);
    expect(await mentionAlerts(post.id)).toEqual([{ id: row.id, recipient_id: bob.user.id, actor_id: author.user.id }]);
    const listed = ((await bob.agent.get(`/api/notifications/user/${bob.user.id}`).expect(200)).body as Page<UserAlert>).items[0];
    expect(listed).toEqual({
      id: row.id, type: 'mention', message: MESSAGES.alerts.mention('Author Person'), actor_name: 'Author Person', actor_username: author.user.username,
      actor_thumbnail: null, post_id: post.id, createdAt: expect.any(String),
    });
    expect(await pushed).toEqual(listed);
    expect(selfPushes).toEqual([]);
  });

  it('a reply mentioning someone alerts them too (the alert points at the reply)', async () => {
    const author = await signUp(a);
    const [replier, named] = await signUpMany(a, 2);
    const post = await create(author, 'a post');
    const reply = (await replier.agent.post(`/api/posts/${post.id}/reply`).send({ content: `look @${named.user.username}` }).expect(201)).body as Post;
    expect(await mentionAlerts(reply.id)).toEqual([{ id: expect.any(Number), recipient_id: named.user.id, actor_id: replier.user.id }]);
  });

  it('the alert is written in the post\'s transaction: a post that fails at commit leaves neither post nor alert', async () => {
    const author = await signUp(a);
    const [bob] = await signUpMany(a, 1);
    const marker = `failcommit${randomBytes(4).toString('hex')}`;
    const fn = `fail_${marker}`;
    await a.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.content LIKE '%${marker}%' THEN RAISE EXCEPTION 'refused at commit'; END IF; RETURN NULL; END $$`);
    // Deferred: it fires at COMMIT, after every statement of the post (the alert's INSERT included) has run.
    await a.db.query(`CREATE CONSTRAINT TRIGGER ${fn} AFTER INSERT ON posts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      await author.agent.post('/api/posts').send({ content: `${marker} @${bob.user.username}` }).expect(500);
      const reply = await author.agent.post(`/api/posts/${(await create(bob, 'parent')).id}/reply`).send({ content: `${marker} @${bob.user.username}` });
      expect(reply.status).toBe(500);
    } finally {
      await a.db.query(`DROP TRIGGER ${fn} ON posts`);
      await a.db.query(`DROP FUNCTION ${fn}()`);
    }
    expect(await a.db.query(`SELECT id FROM posts WHERE content LIKE $1`, [`%${marker}%`])).toEqual([]);
    expect(await a.db.query(`SELECT id FROM user_alerts WHERE recipient_id = $1`, [bob.user.id])).toEqual([]);
  });

  it(`alerts at most the first ${MENTION_ALERTS_PER_POST} mentioned accounts in text order; an edit alerts new ones within that cap and withdraws removed ones`, async () => {
    const author = await withCookie(GroupId.Silver);
    const people = await signUpMany(a, 14);
    const ids = people.map((p) => p.user.id);
    const at = (list: SignedIn[]) => list.map((p) => `@${p.user.username}`).join(' ');
    const post = await create(author, `${at(people.slice(0, 12))} @${author.user.username}`);
    expect(post.mentions).toEqual([...people.slice(0, 12).map((p) => p.user.username), author.user.username]);
    expect(await recipientsOf(post.id)).toEqual(ids.slice(0, 10).sort((x, y) => x - y));

    // Drop the first two: their alerts go; two places free up for the next mentioned, in text order (10, 11), none for 12, 13.
    const removedEvents: number[] = [];
    const firstSocket = await connect(sessionCookieOf(await a.agent().post('/api/login').send({ username: people[0].user.username, password: PASSWORD }).expect(200)));
    firstSocket.on('alert:removed', ({ id }) => removedEvents.push(id));
    const [firstAlert] = (await mentionAlerts(post.id)).filter((r) => r.recipient_id === ids[0]);
    await edit(author, post.id, at(people.slice(2, 14)));
    expect(await recipientsOf(post.id)).toEqual(ids.slice(2, 12).sort((x, y) => x - y));
    expect(await eventually(async () => removedEvents.includes(firstAlert.id), 3000)).toBe(true);

    // Moving mentions around alerts nobody again; removing all withdraws all.
    const before = await mentionAlerts(post.id);
    await edit(author, post.id, at([...people.slice(2, 14)].reverse()));
    expect(await mentionAlerts(post.id)).toEqual(before);
    await edit(author, post.id, 'nobody now');
    expect(await mentionAlerts(post.id)).toEqual([]);
  });
});
