import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { DM_MESSAGES, MESSAGES, SOCKET_PATH, type ClientToServerEvents, type Post, type ServerToClientEvents } from '@cloud9/contracts';
import { bootApp, PASSWORD, signUp, signUpMany, type SignedIn, type TestApp } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';
import { LoopbackPushService } from '../support/push-service';
import type Redis from 'ioredis';
import { REDIS } from '../../src/common/redis.module';
import { JobsService } from '../../src/jobs/jobs.service';
import { PushSender } from '../../src/modules/push/push-sender';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Web Push (decision 0096) against a loopback push service that verifies the VAPID JWT and decrypts
 * every push (support/push-service.ts). The first app allows loopback endpoints
 * (PUSH_ALLOW_PRIVATE_ENDPOINTS=true); the refusals run on a second app without it.
 */
describe('web push', () => {
  let t: TestApp;
  let url: string;
  const service = new LoopbackPushService();
  const sockets: ClientSocket[] = [];

  const subscribe = (who: SignedIn, sub: unknown) => who.agent.post('/api/push/subscriptions').send(sub as object);
  const newPost = async (who: SignedIn, content = 'a post') => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const like = (who: SignedIn, postId: number) => who.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
  const follow = (who: SignedIn, other: SignedIn) => who.agent.post('/api/follow').send({ followerId: who.user.id, followedId: other.user.id }).expect(200);
  const rows = (userId: number) => t.db.query('SELECT endpoint, session_id FROM push_subscriptions WHERE user_id = $1 ORDER BY id', [userId]) as Promise<{ endpoint: string; session_id: string }[]>;
  const arrived = async (endpoint: string, count: number, timeoutMs = 5000) => {
    if (!(await eventually(async () => service.to(endpoint).length >= count, timeoutMs))) throw new Error(`${service.to(endpoint).length} of ${count} pushes arrived; refused: ${JSON.stringify(service.refused)}`);
    return service.to(endpoint);
  };

  beforeAll(async () => {
    await service.start();
    t = await bootApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUSH_TIMEOUT_MS: '2000' });
    const server: Server = await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
    await service.stop();
  });

  it('GET /api/push/key answers the VAPID public key (made once, kept in the database) to a session only', async () => {
    await t.agent().get('/api/push/key').expect(401);
    const me = await signUp(t);
    const { publicKey } = (await me.agent.get('/api/push/key').expect(200)).body as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    const [stored] = (await t.db.query('SELECT public_key FROM push_vapid_keys')) as { public_key: string }[];
    expect(stored.public_key).toBe(publicKey);
    service.expectedKey = publicKey;
  });

  it('subscribes (201), again with the same endpoint moves and refreshes it (still one row), unsubscribes (200, absent too)', async () => {
    const [me, other] = await signUpMany(t, 2);
    const device = service.device();
    expect((await subscribe(me, device).expect(201)).body).toEqual({ success: true });
    await subscribe(me, device).expect(201);
    expect(await rows(me.user.id)).toHaveLength(1);
    // Another account signing in on the same browser takes the endpoint over.
    await subscribe(other, { ...device, keys: service.device().keys }).expect(201);
    expect(await rows(me.user.id)).toHaveLength(0);
    expect(await rows(other.user.id)).toHaveLength(1);
    // Only one's own is removed; an absent one answers 200 too.
    await me.agent.delete('/api/push/subscriptions').send({ endpoint: device.endpoint }).expect(200);
    expect(await rows(other.user.id)).toHaveLength(1);
    await other.agent.delete('/api/push/subscriptions').send({ endpoint: device.endpoint }).expect(200);
    expect(await rows(other.user.id)).toHaveLength(0);
    await t.agent().post('/api/push/subscriptions').send(device).expect(401);
  });

  it('refuses malformed subscriptions with catalogue messages', async () => {
    const me = await signUp(t);
    const good = service.device();
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'not a url' }, MESSAGES.push.invalidEndpoint],
      [{ ...good, endpoint: `${service.origin}/${'x'.repeat(2100)}` }, MESSAGES.push.invalidEndpoint],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, MESSAGES.push.invalidEndpoint],
      [{ endpoint: good.endpoint }, MESSAGES.push.invalidKeys],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, MESSAGES.push.invalidP256dh],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } }, MESSAGES.push.invalidP256dh],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, MESSAGES.push.invalidAuth],
      [{ ...good, keys: { ...good.keys, auth: 42 } }, MESSAGES.push.invalidAuth],
    ];
    for (const [body, error] of cases) expect((await subscribe(me, body).expect(400)).body).toEqual({ success: false, error, statusCode: 400 });
    expect(await rows(me.user.id)).toHaveLength(0);
  });

  it('keeps at most 20 subscriptions per account, dropping the oldest', async () => {
    const me = await signUp(t);
    const devices = Array.from({ length: 21 }, () => service.device());
    for (const device of devices) await subscribe(me, device).expect(201);
    const kept = (await rows(me.user.id)).map((r) => r.endpoint);
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain(devices[0].endpoint);
  });

  it('delivers an alert: decrypted payload, TTL, Urgency, Topic and a VAPID signature; a grouped like replaces under the same Topic', async () => {
    const [author, fan, other] = await signUpMany(t, 3);
    const device = service.device();
    await subscribe(author, device).expect(201);
    const postId = await newPost(author);
    await like(fan, postId);
    const [first] = await arrived(device.endpoint, 1);
    expect(first.payload).toEqual({ title: MESSAGES.push.alertTitle, body: MESSAGES.alerts.like(fan.user.username), url: `/post/${postId}`, unseen: 1, tag: `like:${postId}` });
    expect(first).toMatchObject({ ttl: '86400', urgency: 'normal', contentEncoding: 'aes128gcm' });
    expect(first.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(first.vapid).toMatchObject({ aud: service.origin, sub: `mailto:${t.settings.supportEmail}`, key: service.expectedKey });

    await like(other, postId);
    const [, second] = await arrived(device.endpoint, 2);
    expect(second.payload).toMatchObject({ body: MESSAGES.alerts.like(MESSAGES.alertGroups.actors(other.user.username, 1)), unseen: 2, tag: `like:${postId}` });
    expect(second.topic).toBe(first.topic);

    // A reply stands alone (no Topic) and is urgent.
    const reply = await fan.agent.post(`/api/posts/${postId}/reply`).send({ content: 'a reply' });
    expect([200, 201]).toContain(reply.status);
    const [, , third] = await arrived(device.endpoint, 3);
    expect(third).toMatchObject({ urgency: 'high', topic: undefined });
    expect(third.payload.body).toBe(MESSAGES.alerts.reply(fan.user.username));
  });

  it('pushes a direct message with the sender and its text, "New message" when the recipient hides the text, a request as such, none when muted', async () => {
    const [sender, friend, stranger] = await signUpMany(t, 3);
    const device = service.device();
    await subscribe(friend, device).expect(201);
    await follow(friend, sender);
    const start = async (from: SignedIn, to: SignedIn) => (await from.agent.post('/api/conversations').send({ memberIds: [to.user.id] }).expect(201)).body.id as number;
    const say = (from: SignedIn, id: number, text: string) => from.agent.post(`/api/conversations/${id}/messages`).send({ text }).expect(201);
    const id = await start(sender, friend);
    await say(sender, id, 'see you at 8');
    const [first] = await arrived(device.endpoint, 1);
    expect(first.payload).toEqual({ title: sender.user.username, body: 'see you at 8', url: `/messages/${id}`, unseen: 0, tag: `dm:${id}` });
    expect(first).toMatchObject({ urgency: 'high', ttl: '86400' });
    await friend.agent.put('/api/me/dm-settings').send({ allowFrom: 'following', readReceipts: true, hidePushText: true }).expect(200);
    await say(sender, id, 'the secret plan');
    const [, second] = await arrived(device.endpoint, 2);
    expect(second.payload).toMatchObject({ title: sender.user.username, body: DM_MESSAGES.pushHiddenBody });
    const request = await start(stranger, friend);
    await say(stranger, request, 'hi from nowhere');
    const [, , third] = await arrived(device.endpoint, 3);
    expect(third.payload).toMatchObject({ title: DM_MESSAGES.pushTitleRequest, body: stranger.user.username, url: `/messages/${request}` });
    await friend.agent.post(`/api/conversations/${id}/mute`).expect(200);
    await say(sender, id, 'muted now');
    const muted = await sender.agent.get(`/api/conversations/${id}/messages`).expect(200);
    const jobs = t.app.get(JobsService);
    expect(await jobs.status('push', `push-dm-${muted.body.items[0].id}-${friend.user.id}`)).toBeNull();
    expect(service.to(device.endpoint)).toHaveLength(3);
  });

  it('a 404 or 410 from the push service deletes the subscription; a redirect drops it', async () => {
    const [author, fan] = await signUpMany(t, 2);
    const gone = service.device([410]);
    const missing = service.device([404]);
    const redirecting = service.device(['redirect']);
    for (const device of [gone, missing, redirecting]) await subscribe(author, device).expect(201);
    await like(fan, await newPost(author));
    expect(await eventually(async () => (await rows(author.user.id)).length === 0, 5000)).toBe(true);
    expect(service.to(redirecting.endpoint)).toHaveLength(0);
  });

  it('a push switch off stops only the push; the alert is still stored', async () => {
    const [author, fan, follower] = await signUpMany(t, 3);
    const device = service.device();
    await subscribe(author, device).expect(201);
    await author.agent.put('/api/notifications/settings').send({ push: { like: false } }).expect(200);
    await like(fan, await newPost(author));
    await follow(follower, author);
    const pushes = await arrived(device.endpoint, 1);
    // The follow came after the like: had the like been pushed, it would be here first.
    expect(pushes.map((p) => p.payload.body)).toEqual([MESSAGES.alerts.follow(follower.user.username)]);
    expect(await t.db.query('SELECT type FROM user_alerts WHERE recipient_id = $1 ORDER BY id', [author.user.id])).toEqual([{ type: 'like' }, { type: 'follow' }]);
  });

  it('no push while a socket of the member reports a visible page; back hidden, pushes resume', async () => {
    const [author, fan, follower] = await signUpMany(t, 3);
    const device = service.device();
    await subscribe(author, device).expect(201);
    const login = await t.agent().post('/api/login').send({ username: author.user.username, password: PASSWORD }).expect(200);
    const socket: ClientSocket = io(url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie: sessionCookieOf(login) }, forceNew: true, reconnection: false });
    sockets.push(socket);
    const live: { type: string; id: number }[] = [];
    socket.on('alert:new', (alert) => live.push(alert));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const key = `${t.settings.redisPrefix}page-visible:${author.user.id}`;
    const redis = t.app.get<Redis>(REDIS, { strict: false });
    socket.emit('page:visible', true);
    expect(await eventually(async () => (await redis.zcard(key)) === 1)).toBe(true);
    await like(fan, await newPost(author));
    expect(await eventually(async () => live.some((a) => a.type === 'like'))).toBe(true);
    // The like's push job has run (and skipped the push) before the page turns hidden.
    const jobs = t.app.get(JobsService);
    const likeJob = `push-alert-${live.find((a) => a.type === 'like')!.id}`;
    expect(await eventually(async () => (await jobs.status('push', likeJob))?.state === 'completed', 5000)).toBe(true);
    expect((await jobs.status('push', likeJob))?.result).toMatchObject({ delivered: 0, skipped: 1 });
    socket.emit('page:visible', false);
    expect(await eventually(async () => (await redis.zcard(key)) === 0)).toBe(true);
    await follow(follower, author);
    const pushes = await arrived(device.endpoint, 1);
    expect(pushes.map((p) => p.payload.body)).toEqual([MESSAGES.alerts.follow(follower.user.username)]);
  });

  it('signing out removes that device’s subscriptions, not the other sessions’ ones; ending all sessions removes the rest', async () => {
    const me = await signUp(t);
    const second = t.agent();
    await second.post('/api/login').send({ username: me.user.username, password: PASSWORD }).expect(200);
    const laptop = service.device();
    const phone = service.device();
    await subscribe(me, laptop).expect(201);
    await second.post('/api/push/subscriptions').send(phone).expect(201);
    await me.agent.post('/api/logout').send({}).expect(200);
    expect((await rows(me.user.id)).map((r) => r.endpoint)).toEqual([phone.endpoint]);
    // A password reset by an admin, a suspension or "sign out everywhere" end every session the same way (sessions.ended).
    await t.db.query(`DELETE FROM users WHERE id = $1`, [me.user.id]);
    expect(await rows(me.user.id)).toHaveLength(0);
  });

  it('POST /api/push/test sends the test notification to the caller’s subscription (202); 404 for one not theirs', async () => {
    const [me, other] = await signUpMany(t, 2);
    const device = service.device();
    await subscribe(me, device).expect(201);
    expect((await me.agent.post('/api/push/test').send({ endpoint: device.endpoint }).expect(202)).body).toEqual({ success: true });
    const [push] = await arrived(device.endpoint, 1);
    expect(push.payload).toMatchObject({ title: MESSAGES.push.testTitle, url: '/settings', tag: 'test' });
    expect((await other.agent.post('/api/push/test').send({ endpoint: device.endpoint }).expect(404)).body.error).toBe(MESSAGES.push.subscriptionNotFound);
    // An endpoint the schema lets through that is no URL at all names no subscription: 404 and 200, never a 500.
    expect((await me.agent.post('/api/push/test').send({ endpoint: 'https://%' }).expect(404)).body.error).toBe(MESSAGES.push.subscriptionNotFound);
    await me.agent.delete('/api/push/subscriptions').send({ endpoint: 'https://%' }).expect(200);
  });

  it('a staff notice goes to every subscription whose member has notice pushes on', async () => {
    const admin = await signUp(t, { groupId: 1 });
    const [reader, quiet] = await signUpMany(t, 2);
    const readerDevice = service.device();
    const quietDevice = service.device();
    await subscribe(reader, readerDevice).expect(201);
    await subscribe(quiet, quietDevice).expect(201);
    await quiet.agent.put('/api/notifications/settings').send({ push: { notice: false } }).expect(200);
    const posted = await admin.agent.post('/api/notifications/posts').send({ message: 'Maintenance tonight at 22:00 UTC.' });
    expect(posted.status).toBe(201);
    const [push] = await arrived(readerDevice.endpoint, 1);
    expect(push.payload).toMatchObject({ title: MESSAGES.push.noticeTitle, body: 'Maintenance tonight at 22:00 UTC.', url: '/cloud9' });
    expect(push.ttl).toBe(String(7 * 24 * 3600));
    expect(service.to(quietDevice.endpoint)).toHaveLength(0);
  });

  describe('hostile endpoints, with PUSH_ALLOW_PRIVATE_ENDPOINTS off', () => {
    let strict: TestApp;
    beforeAll(async () => {
      // Queues of its own (another Redis prefix): only this app's workers deliver what it enqueues.
      strict = await bootApp({ PUSH_TIMEOUT_MS: '2000', REDIS_PREFIX: `${t.settings.redisPrefix}strict:` });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('refuses at subscribe time an endpoint whose URL shows a private target (400)', async () => {
      const me = await signUp(strict);
      const { keys } = service.device();
      const hostile = [
        'http://push.example.com/x',
        'https://127.0.0.1/x',
        'https://127.1.2.3:8443/x',
        'https://0x7f.1/x',
        'https://localhost/x',
        'https://push.localhost/x',
        'https://LOCALHOST./x',
        'https://10.1.2.3/x',
        'https://172.16.0.1/x',
        'https://192.168.1.1/x',
        'https://100.64.0.1/x',
        'https://169.254.169.254/latest/meta-data',
        'https://0.0.0.0/x',
        'https://224.0.0.1/x',
        'https://[::1]/x',
        'https://[fc00::1]/x',
        'https://[fe80::1]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://metadata/x',
        'https://db.internal/x',
      ];
      for (const endpoint of hostile) {
        const res = await me.agent.post('/api/push/subscriptions').send({ endpoint, keys });
        expect([endpoint, res.status, res.body.error]).toEqual([endpoint, 400, MESSAGES.push.privateEndpoint]);
      }
      await me.agent.post('/api/push/subscriptions').send({ endpoint: 'https://push.example.com/x', keys }).expect(201);
    });

    it('refuses at delivery a name that resolves to loopback, and drops the subscription; nothing reaches the service', async () => {
      const [author, fan] = await signUpMany(strict, 2);
      const device = service.device([201], `https://push.example.com:${new URL(service.origin).port}`);
      await author.agent.post('/api/push/subscriptions').send(device).expect(201);
      const sender = strict.app.get(PushSender);
      const resolved: string[] = [];
      sender.resolve = async (host) => {
        resolved.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      };
      const before = service.received.length + service.refused.length;
      const post = ((await author.agent.post('/api/posts').send({ content: 'hello' }).expect(201)).body as Post).id;
      await fan.agent.post(`/api/posts/${post}/like`).send({}).expect(200);
      expect(
        await eventually(async () => ((await strict.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [author.user.id])) as unknown[]).length === 0, 5000),
      ).toBe(true);
      expect(resolved).toContain('push.example.com');
      expect(service.received.length + service.refused.length).toBe(before);
    });
  });
});
