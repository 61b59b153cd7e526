import request from 'supertest';
import {
  DM_MESSAGES, DM_RULES, GroupId, MODERATION_MESSAGES, SocketEvents, type Conversation, type DmDeletedPush, type DmMessage, type DmMessagePush, type DmReadPush, type DmTypingPush, type ModerationReport, type Page,
} from '@cloud9/contracts';
import { bootApp, PASSWORD, uniqueName, type TestApp } from '../support/app';
import { eventually, sessionCookieOf, type WatchedApp } from '../support/harness';
import { gradientImage } from '../support/images';
import { SocketClients, startInstance, type ClientSocket } from '../support/instances';

/** A signed-in member: their id, name and session cookie. */
interface Member {
  id: number;
  username: string;
  cookie: string;
}

/** A new member of `groupId` on `app`, signed in. */
async function memberOf(app: TestApp, groupId: number = GroupId.Basic): Promise<Member> {
  const username = uniqueName('dm');
  const server = app.app.getHttpServer();
  await request(server).post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
  if (groupId !== GroupId.Basic) await app.db.query('UPDATE users SET group_id = $1 WHERE username = $2', [groupId, username]);
  const login = await request(server).post('/api/login').send({ username, password: PASSWORD }).expect(200);
  return { id: login.body.id as number, username, cookie: sessionCookieOf(login) };
}

describe('direct messages', () => {
  let t: WatchedApp;
  let url: string;
  const clients = new SocketClients();

  beforeAll(async () => {
    ({ t, url } = await startInstance(`dm-${process.pid}-${Date.now()}:`));
  });
  afterAll(async () => {
    clients.closeSockets();
    await t?.close();
  });

  const server = () => t.app.getHttpServer();
  const member = (groupId: number = GroupId.Basic) => memberOf(t, groupId);
  const as = (m: Member) => ({
    get: (path: string) => request(server()).get(path).set('Cookie', m.cookie),
    post: (path: string, body?: object) => request(server()).post(path).set('Cookie', m.cookie).send(body),
    put: (path: string, body?: object) => request(server()).put(path).set('Cookie', m.cookie).send(body),
    del: (path: string) => request(server()).delete(path).set('Cookie', m.cookie),
  });
  const follow = (who: Member, whom: Member) => as(who).post('/api/follow', { followerId: who.id, followedId: whom.id }).expect(200);
  const start = async (from: Member, ...to: Member[]) => (await as(from).post('/api/conversations', { memberIds: to.map((m) => m.id) }).expect(201)).body.id as number;
  const send = async (from: Member, conversationId: number, text: string) => (await as(from).post(`/api/conversations/${conversationId}/messages`, { text }).expect(201)).body as DmMessage;
  const list = async (who: Member, filter: 'inbox' | 'requests' = 'inbox') => (await as(who).get(`/api/conversations?filter=${filter}`).expect(200)).body as Page<Conversation>;
  const messages = async (who: Member, conversationId: number, query = '') => (await as(who).get(`/api/conversations/${conversationId}/messages${query}`).expect(200)).body as Page<DmMessage>;
  const unread = async (who: Member) => (await as(who).get('/api/conversations/unread').expect(200)).body as { unread: number; requests: number };
  const socketOf = (m: Member) => clients.connect(url, m.cookie);
  const heard = <T>(socket: ClientSocket, event: string, timeoutMs = 3000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      (socket as unknown as { once: (e: string, f: (p: T) => void) => void }).once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it('starts a conversation once per pair (201, then 200 with the same id) and refuses oneself, strangers and bad input', async () => {
    const [a, b] = [await member(), await member()];
    const first = await as(a).post('/api/conversations', { memberIds: [b.id] }).expect(201);
    const again = await as(a).post('/api/conversations', { memberIds: [b.id, a.id] }).expect(200);
    expect(again.body).toEqual({ id: first.body.id });
    expect((await as(b).post('/api/conversations', { memberIds: [a.id] }).expect(200)).body).toEqual({ id: first.body.id });
    expect((await as(a).post('/api/conversations', { memberIds: [a.id] }).expect(400)).body.error).toBe(DM_MESSAGES.notYourself);
    expect((await as(a).post('/api/conversations', { memberIds: [] }).expect(400)).body.error).toBe(DM_MESSAGES.invalidMemberIds);
    expect((await as(a).post('/api/conversations', { memberIds: 'x' }).expect(400)).body.error).toBe(DM_MESSAGES.invalidMemberIds);
    expect((await as(a).post('/api/conversations', { memberIds: [987654321] }).expect(404)).body.error).toBe(DM_MESSAGES.memberNotFound);
    await request(server()).post('/api/conversations').send({ memberIds: [b.id] }).expect(401);
  });

  it('delivers to the inbox of a member who follows the sender, and to Requests otherwise; the sender learns nothing until it is accepted', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await follow(b, a);
    const ab = await start(a, b);
    const ca = await start(c, b);
    await send(a, ab, 'hello b');
    await send(c, ca, 'hi, a stranger here');
    const inbox = await list(b);
    expect(inbox.items.map((i) => i.id)).toEqual([ab]);
    expect(inbox.items[0]).toMatchObject({ accepted: true, unreadCount: 1, muted: false, lastMessage: { text: 'hello b', senderId: a.id } });
    const requests = await list(b, 'requests');
    expect(requests.items.map((i) => i.id)).toEqual([ca]);
    expect(await unread(b)).toEqual({ unread: 1, requests: 1 });
    // b reads the request: c is not told, and sees no read mark.
    const [requestMessage] = (await messages(b, ca)).items;
    await as(b).post(`/api/conversations/${ca}/read`, { messageId: requestMessage.id }).expect(200);
    expect((await as(c).get(`/api/conversations/${ca}`).expect(200)).body.reads).toEqual([]);
    await as(b).post(`/api/conversations/${ca}/accept`).expect(200);
    expect((await list(b)).items.map((i) => i.id)).toEqual([ca, ab]);
    expect((await list(b, 'requests')).items).toEqual([]);
  });

  it('keeps the messages in order, keyset-paged newest first, each once', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    const sent: number[] = [];
    for (let i = 0; i < 7; i++) sent.push((await send(i % 2 ? b : a, id, `m${i}`)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<DmMessage> = await messages(a, id, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...sent].reverse());
    expect((await as(a).get(`/api/conversations/${id}/messages?cursor=nonsense`).expect(400)).status).toBe(400);
  });

  it('answers 404 to a non-member for the conversation, its messages and every action, writing nothing', async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const id = await start(a, b);
    const message = await send(a, id, 'private');
    const o = as(outsider);
    for (const res of [
      await o.get(`/api/conversations/${id}`),
      await o.get(`/api/conversations/${id}/messages`),
      await o.post(`/api/conversations/${id}/messages`, { text: 'let me in' }),
      await o.post(`/api/conversations/${id}/read`, { messageId: message.id }),
      await o.post(`/api/conversations/${id}/accept`),
      await o.post(`/api/conversations/${id}/mute`),
      await o.del(`/api/conversations/${id}`),
      await o.post(`/api/conversations/${id}/members`, { userIds: [outsider.id] }),
      await o.post(`/api/messages/${message.id}/reactions`, { emoji: '❤️' }),
      await o.del(`/api/messages/${message.id}?for=everyone`),
      await o.post('/api/reports', { targetType: 'message', targetId: message.id, reason: 'spam' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, statusCode: 404 });
    }
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM dm_messages WHERE conversation_id = $1', [id]);
    expect(n).toBe(1);
  });

  it('treats a block, either way, as no conversation: 404 and nothing written', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    await send(a, id, 'before the block');
    await as(b).post(`/api/blocks/${a.id}`).expect(200);
    expect((await as(a).post(`/api/conversations/${id}/messages`, { text: 'after' }).expect(404)).body.error).toBe(DM_MESSAGES.conversationNotFound);
    await as(b).get(`/api/conversations/${id}/messages`).expect(404);
    expect((await as(a).post('/api/conversations', { memberIds: [b.id] }).expect(404)).body.error).toBe(DM_MESSAGES.memberNotFound);
    expect((await list(a)).items).toEqual([]);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM dm_messages WHERE conversation_id = $1', [id]);
    expect(n).toBe(1);
  });

  it('a suspended member cannot send (403), even on a session that outlived the suspension; nothing written', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    await t.db.query(`INSERT INTO suspensions (user_id, until, reason) VALUES ($1, now() + interval '1 day', 'test')`, [a.id]);
    expect((await as(a).post(`/api/conversations/${id}/messages`, { text: 'still here?' }).expect(403)).body.error).toBe(DM_MESSAGES.suspended);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM dm_messages WHERE conversation_id = $1', [id]);
    expect(n).toBe(0);
  });

  it('validates messages with the catalogue: empty, too long, file and GIF together, a GIF from elsewhere', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    const post = (body: object) => as(a).post(`/api/conversations/${id}/messages`, body);
    expect((await post({}).expect(400)).body.error).toBe(DM_MESSAGES.messageEmpty);
    expect((await post({ text: '   ' }).expect(400)).body.error).toBe(DM_MESSAGES.messageEmpty);
    expect((await post({ text: '😀'.repeat(DM_RULES.textMax + 1) }).expect(400)).body.error).toBe(DM_MESSAGES.textTooLong);
    expect((await post({ text: null }).expect(400)).body.error).toBe(DM_MESSAGES.textTooLong);
    expect((await post({ gif: 'https://evil.example/x.gif' }).expect(400)).body.error).toBe(DM_MESSAGES.gifInvalid);
    await post({ text: '😀'.repeat(DM_RULES.textMax) }).expect(201);
  });

  it('takes one photo judged by its bytes, and releases it when the message is deleted for everyone', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    const image = await gradientImage(64, 48, 'png');
    const res = await request(server()).post(`/api/conversations/${id}/messages`).set('Cookie', a.cookie).field('text', 'look').attach('file', image, 'x.png').expect(201);
    expect(res.body.media).toMatchObject({ url: expect.stringMatching(/^\/uploads\//), mime: expect.stringMatching(/^image\//) });
    const notImage = await request(server()).post(`/api/conversations/${id}/messages`).set('Cookie', a.cookie).attach('file', Buffer.from('not an image at all, just text'), 'x.png');
    expect(notImage.status).toBe(415);
    await as(a).del(`/api/messages/${res.body.id}?for=everyone`).expect(200);
    const [row] = await t.db.query('SELECT media_id, text, deleted_at IS NOT NULL AS deleted FROM dm_messages WHERE id = $1', [res.body.id]);
    expect(row).toEqual({ media_id: null, text: '', deleted: true });
    expect((await messages(b, id)).items[0]).toMatchObject({ id: res.body.id, deleted: true, text: '', media: null });
  });

  it('deletes for everyone only by the sender within 10 minutes (403 otherwise), and for oneself by anyone', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    const mine = await send(a, id, 'oops');
    const old = await send(a, id, 'old one');
    await t.db.query(`UPDATE dm_messages SET created_at = now() - interval '11 minutes' WHERE id = $1`, [old.id]);
    expect((await as(b).del(`/api/messages/${mine.id}?for=everyone`).expect(403)).body.error).toBe(DM_MESSAGES.unsendTooLate);
    expect((await as(a).del(`/api/messages/${old.id}?for=everyone`).expect(403)).body.error).toBe(DM_MESSAGES.unsendTooLate);
    expect((await as(a).del(`/api/messages/${old.id}?for=all`).expect(400)).body.error).toBe(DM_MESSAGES.invalidDeleteFor);
    await as(b).del(`/api/messages/${old.id}?for=me`).expect(200);
    expect((await messages(b, id)).items.map((m) => m.id)).toEqual([mine.id]);
    expect((await messages(a, id)).items.map((m) => m.id)).toEqual([old.id, mine.id]);
    await as(a).del(`/api/messages/${mine.id}?for=everyone`).expect(200);
    expect((await messages(b, id)).items[0]).toMatchObject({ id: mine.id, deleted: true, text: '' });
  });

  it('counts one reaction per member per emoji from the quick set', async () => {
    const [a, b] = [await member(), await member()];
    const id = await start(a, b);
    const m = await send(a, id, 'react to me');
    await as(b).post(`/api/messages/${m.id}/reactions`, { emoji: '❤️' }).expect(200);
    const twice = await as(b).post(`/api/messages/${m.id}/reactions`, { emoji: '❤️' }).expect(200);
    expect(twice.body.reactions).toEqual([{ emoji: '❤️', count: 1, mine: true }]);
    const both = await as(a).post(`/api/messages/${m.id}/reactions`, { emoji: '❤️' }).expect(200);
    expect(both.body.reactions).toEqual([{ emoji: '❤️', count: 2, mine: true }]);
    expect((await as(a).post(`/api/messages/${m.id}/reactions`, { emoji: '🦄' }).expect(400)).body.error).toBe(DM_MESSAGES.invalidReaction);
    const taken = await as(b).del(`/api/messages/${m.id}/reactions/${encodeURIComponent('❤️')}`).expect(200);
    expect(taken.body.reactions).toEqual([{ emoji: '❤️', count: 1, mine: false }]);
    expect((await messages(b, id)).items[0].reactions).toEqual([{ emoji: '❤️', count: 1, mine: false }]);
  });

  it('tracks unread counts across devices and shows read marks only when both sides send receipts', async () => {
    const [a, b] = [await member(), await member()];
    await follow(b, a);
    await follow(a, b);
    const id = await start(a, b);
    await send(a, id, 'one');
    const last = await send(a, id, 'two');
    expect(await unread(b)).toEqual({ unread: 2, requests: 0 });
    await as(b).post(`/api/conversations/${id}/read`, { messageId: last.id }).expect(200);
    expect(await unread(b)).toEqual({ unread: 0, requests: 0 });
    expect((await as(a).get(`/api/conversations/${id}`).expect(200)).body.reads).toEqual([{ userId: b.id, messageId: last.id }]);
    await as(b).put('/api/me/dm-settings', { allowFrom: 'following', readReceipts: false, hidePushText: false }).expect(200);
    expect((await as(a).get(`/api/conversations/${id}`).expect(200)).body.reads).toEqual([]);
    expect((await as(a).post(`/api/conversations/${id}/read`, { messageId: 'x' }).expect(400)).body.error).toBe(DM_MESSAGES.invalidMessageId);
  });

  it('mutes and unmutes a conversation (the list shows it; no badge while muted)', async () => {
    const [a, b] = [await member(), await member()];
    await follow(b, a);
    const id = await start(a, b);
    await send(a, id, 'ping');
    await as(b).post(`/api/conversations/${id}/mute`).expect(200);
    expect((await list(b)).items[0].muted).toBe(true);
    expect(await unread(b)).toEqual({ unread: 0, requests: 0 });
    await as(b).del(`/api/conversations/${id}/mute`).expect(200);
    expect((await list(b)).items[0].muted).toBe(false);
    expect((await unread(b)).unread).toBe(1);
  });

  it('hides the conversation of a member whose account one muted, without telling them', async () => {
    const [a, b] = [await member(), await member()];
    await follow(b, a);
    const id = await start(a, b);
    await as(b).post(`/api/mutes/${a.id}`).expect(200);
    await send(a, id, 'are you there?');
    expect((await list(b)).items).toEqual([]);
    expect(await unread(b)).toEqual({ unread: 0, requests: 0 });
    expect((await list(a)).items.map((i) => i.id)).toEqual([id]);
  });

  it('groups: the creator adds members, others may not; a member leaves; new members see messages from their joining', async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const id = await start(a, b, c);
    await send(a, id, 'before d');
    expect((await as(b).post(`/api/conversations/${id}/members`, { userIds: [d.id] }).expect(403)).body.error).toBe(DM_MESSAGES.onlyCreatorAdds);
    const added = await as(a).post(`/api/conversations/${id}/members`, { userIds: [d.id] }).expect(200);
    expect((added.body as Conversation).members.map((m) => m.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect((await messages(d, id)).items).toEqual([]);
    await send(b, id, 'after d');
    expect((await messages(d, id)).items.map((m) => m.text)).toEqual(['after d']);
    await as(c).del(`/api/conversations/${id}`).expect(200);
    await as(c).get(`/api/conversations/${id}`).expect(404);
    expect(((await as(a).get(`/api/conversations/${id}`).expect(200)).body as Conversation).members.map((m) => m.id)).toEqual([a.id, b.id, d.id]);
  });

  it('refuses a conversation or an addition above DM_GROUP_MAX, its creator counted', async () => {
    const small = await bootApp({ DM_GROUP_MAX: '3' });
    try {
      const [creator, x, y, z] = [await memberOf(small), await memberOf(small), await memberOf(small), await memberOf(small)];
      const startAs = (ids: number[]) => request(small.app.getHttpServer()).post('/api/conversations').set('Cookie', creator.cookie).send({ memberIds: ids });
      expect((await startAs([x.id, y.id, z.id]).expect(400)).body.error).toBe(DM_MESSAGES.tooManyMembers(3));
      const id = (await startAs([x.id, y.id]).expect(201)).body.id as number;
      const add = await request(small.app.getHttpServer()).post(`/api/conversations/${id}/members`).set('Cookie', creator.cookie).send({ userIds: [z.id] }).expect(400);
      expect(add.body.error).toBe(DM_MESSAGES.tooManyMembers(3));
      const [{ n }] = await small.db.query('SELECT count(*)::int AS n FROM conversation_members WHERE conversation_id = $1', [id]);
      expect(n).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('deleting a conversation of two for oneself empties it for them until the next message', async () => {
    const [a, b] = [await member(), await member()];
    await follow(b, a);
    const id = await start(a, b);
    await send(a, id, 'first');
    await as(b).del(`/api/conversations/${id}`).expect(200);
    expect((await list(b)).items).toEqual([]);
    await send(a, id, 'second');
    expect((await list(b)).items.map((i) => i.id)).toEqual([id]);
    expect((await messages(b, id)).items.map((m) => m.text)).toEqual(['second']);
    expect((await messages(a, id)).items.map((m) => m.text)).toEqual(['second', 'first']);
  });

  it('keeps settings per member, with catalogue refusals', async () => {
    const a = await member();
    expect((await as(a).get('/api/me/dm-settings').expect(200)).body).toEqual({ allowFrom: 'following', readReceipts: true, hidePushText: false });
    await as(a).put('/api/me/dm-settings', { allowFrom: 'everyone', readReceipts: false, hidePushText: true }).expect(200);
    expect((await as(a).get('/api/me/dm-settings').expect(200)).body).toEqual({ allowFrom: 'everyone', readReceipts: false, hidePushText: true });
    expect((await as(a).put('/api/me/dm-settings', { allowFrom: 'friends', readReceipts: true, hidePushText: true }).expect(400)).body.error).toBe(DM_MESSAGES.invalidAllowFrom);
    expect((await as(a).put('/api/me/dm-settings', { allowFrom: 'everyone', readReceipts: 'yes', hidePushText: true }).expect(400)).body.error).toBe(DM_MESSAGES.invalidSwitch);
    // allowFrom everyone: a stranger's first message lands in the inbox.
    const stranger = await member();
    const id = await start(stranger, a);
    await send(stranger, id, 'hello');
    expect((await list(a)).items.map((i) => i.id)).toEqual([id]);
  });

  it('reports a message: staff see it and the 20 before it, nothing else of the conversation', async () => {
    const [a, b] = [await member(), await member()];
    const staff = await member(GroupId.Staff3);
    const id = await start(a, b);
    for (let i = 0; i < 25; i++) await send(i % 5 === 4 ? b : a, id, `line ${i}`);
    const reported = await send(a, id, 'the bad one');
    await send(a, id, 'after the report');
    expect((await as(a).post('/api/reports', { targetType: 'message', targetId: reported.id, reason: 'harassment' }).expect(400)).body.error).toBe(MODERATION_MESSAGES.cannotReportSelf);
    await as(b).post('/api/reports', { targetType: 'message', targetId: reported.id, reason: 'harassment', comment: 'rude' }).expect(201);
    const queue = (await as(staff).get('/api/moderation/reports').expect(200)).body as Page<ModerationReport>;
    const report = queue.items.find((r) => r.target.type === 'message' && r.reporter.id === b.id)!;
    expect(report.target.user.id).toBe(a.id);
    expect(report.target.messages).toHaveLength(DM_RULES.reportContext + 1);
    expect(report.target.messages!.at(-1)).toMatchObject({ id: reported.id, text: 'the bad one', senderId: a.id, senderUsername: a.username });
    expect(report.target.messages!.map((m) => m.text)).not.toContain('after the report');
    expect(report.target.messages![0].text).toBe('line 5');
    // Staff are not members: the conversation itself stays closed to them.
    await as(staff).get(`/api/conversations/${id}/messages`).expect(404);
  });

  it('is live: dm:message to every member socket, dm:read to the sender, dm:typing throttled to one per 3 s', async () => {
    const [a, b] = [await member(), await member()];
    await follow(b, a);
    await follow(a, b);
    const id = await start(a, b);
    const [sa, sb, sb2] = [await socketOf(a), await socketOf(b), await socketOf(b)];
    const onB = heard<DmMessagePush>(sb, SocketEvents.dmMessage);
    const onB2 = heard<DmMessagePush>(sb2, SocketEvents.dmMessage);
    const onA = heard<DmMessagePush>(sa, SocketEvents.dmMessage);
    const sent = await send(a, id, 'live!');
    for (const push of await Promise.all([onB, onB2, onA])) expect(push).toEqual({ conversationId: id, message: sent });
    const read = heard<DmReadPush>(sa, SocketEvents.dmRead);
    await as(b).post(`/api/conversations/${id}/read`, { messageId: sent.id }).expect(200);
    expect(await read).toEqual({ conversationId: id, userId: b.id, messageId: sent.id });
    const forMe = heard<DmDeletedPush>(sb2, SocketEvents.dmDeleted);
    await as(b).del(`/api/messages/${sent.id}?for=me`).expect(200);
    expect(await forMe).toEqual({ conversationId: id, messageId: sent.id, forEveryone: false });
    const forAll = heard<DmDeletedPush>(sa, SocketEvents.dmDeleted);
    await as(a).del(`/api/messages/${sent.id}?for=everyone`).expect(200);
    expect(await forAll).toEqual({ conversationId: id, messageId: sent.id, forEveryone: true });
    const typings: DmTypingPush[] = [];
    (sb as unknown as { on: (e: string, f: (p: DmTypingPush) => void) => void }).on(SocketEvents.dmTyping, (p) => typings.push(p));
    const emit = (sa as unknown as { emit: (e: string, p: unknown) => void }).emit.bind(sa);
    emit('dm:typing', { conversationId: id });
    emit('dm:typing', { conversationId: id });
    emit('dm:typing', { conversationId: 'x' });
    emit('dm:typing', null);
    expect(await eventually(async () => typings.length === 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(typings).toEqual([{ conversationId: id, userId: a.id }]);
    // A non-member's typing reaches nobody.
    const outsider = await member();
    const so = await socketOf(outsider);
    (so as unknown as { emit: (e: string, p: unknown) => void }).emit('dm:typing', { conversationId: id });
    await new Promise((r) => setTimeout(r, 300));
    expect(typings).toHaveLength(1);
  });

  it('limits messages (RATE_LIMIT_DMS) and new conversations with people who do not follow (RATE_LIMIT_DM_REQUESTS, more per plan)', async () => {
    const lt = await bootApp({ RATE_LIMIT_DMS: '2/1h', RATE_LIMIT_DM_REQUESTS: '1/24h' });
    try {
      const [basic, silver, x, y, z] = [await memberOf(lt), await memberOf(lt, GroupId.Silver), await memberOf(lt), await memberOf(lt), await memberOf(lt)];
      const startAs = (who: Member, ids: number[]) => request(lt.app.getHttpServer()).post('/api/conversations').set('Cookie', who.cookie).send({ memberIds: ids });
      const first = await startAs(basic, [x.id]).expect(201);
      expect((await startAs(basic, [y.id]).expect(429)).body.error).toBe(DM_MESSAGES.tooManyRequests);
      // Silver's limit is twice Basic's.
      await startAs(silver, [x.id]).expect(201);
      await startAs(silver, [y.id]).expect(201);
      await startAs(silver, [z.id]).expect(429);
      // A conversation with someone who follows the member is no request: not counted.
      await request(lt.app.getHttpServer()).post('/api/follow').set('Cookie', z.cookie).send({ followerId: z.id, followedId: basic.id });
      await startAs(basic, [z.id]).expect(201);
      const sendAs = () => request(lt.app.getHttpServer()).post(`/api/conversations/${first.body.id}/messages`).set('Cookie', basic.cookie).send({ text: 'hi' });
      await sendAs().expect(201);
      await sendAs().expect(201);
      expect((await sendAs().expect(429)).body.error).toBe(DM_MESSAGES.tooManyMessages);
    } finally {
      await lt.close();
    }
  });
});
