import request from 'supertest';
import type { Conversation, DmMessage, DmUnread, Page } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { bootApp, PASSWORD, uniqueName, type TestApp } from '../support/app';
import { eventually, sessionCookieOf, BUS_LIVE_WAIT_MS, BUS_START_TIMEOUT_MS } from '../support/harness';

/** A signed-in member: their id and session cookie (good on either instance: sessions live in Redis). */
interface Member {
  id: number;
  cookie: string;
}

/**
 * A member's conversation pages, lists and unread counts are kept in memory (DmReadCache), here for a
 * minute (FEED_CACHE_MS), so only the invalidation bus can make them change in time: every write on one
 * instance must show in what the other instance keeps by the time the write is answered.
 */
describe('direct messages kept in memory stay exact across instances', () => {
  const prefix = `${process.env.REDIS_PREFIX}dmcache:`;
  let a: TestApp;
  let b: TestApp;
  let alice: Member;
  let bob: Member;
  let conversationId: number;

  const on = (t: TestApp, m: Member) => ({
    get: (path: string) => request(t.app.getHttpServer()).get(path).set('Cookie', m.cookie),
    post: (path: string, body: object = {}) => request(t.app.getHttpServer()).post(path).set('Cookie', m.cookie).send(body),
    del: (path: string) => request(t.app.getHttpServer()).delete(path).set('Cookie', m.cookie),
  });
  const page = async (t: TestApp, m: Member) => (await on(t, m).get(`/api/conversations/${conversationId}/messages`).expect(200)).body as Page<DmMessage>;
  const inbox = async (t: TestApp, m: Member) => (await on(t, m).get('/api/conversations').expect(200)).body as Page<Conversation>;
  const unread = async (t: TestApp, m: Member) => (await on(t, m).get('/api/conversations/unread').expect(200)).body as DmUnread;
  const send = async (t: TestApp, m: Member, text: string) => (await on(t, m).post(`/api/conversations/${conversationId}/messages`, { text }).expect(201)).body as DmMessage;

  const memberOn = async (t: TestApp): Promise<Member> => {
    const username = uniqueName('dmc');
    const server = t.app.getHttpServer();
    await request(server).post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const login = await request(server).post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { id: login.body.id as number, cookie: sessionCookieOf(login) };
  };

  beforeAll(async () => {
    a = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '60000' });
    b = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '60000' });
    for (const t of [a, b]) expect(await eventually(async () => t.app.get(InvalidationBus).live, BUS_LIVE_WAIT_MS)).toBe(true);
    alice = await memberOn(a);
    bob = await memberOn(a);
    // Each follows the other: the conversation is in both inboxes.
    await on(a, alice).post('/api/follow', { followerId: alice.id, followedId: bob.id }).expect(200);
    await on(a, bob).post('/api/follow', { followerId: bob.id, followedId: alice.id }).expect(200);
    conversationId = (await on(a, alice).post('/api/conversations', { memberIds: [bob.id] }).expect(201)).body.id;
    await send(a, alice, 'first');
  }, BUS_START_TIMEOUT_MS);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a message sent on one instance is in the other instance’s kept page, list and counts when its send is answered', async () => {
    // Read twice on b: the second answer comes from memory.
    for (let i = 0; i < 2; i++) {
      expect((await page(b, bob)).items.map((m) => m.text)).toEqual(['first']);
      expect((await inbox(b, bob)).items[0]).toMatchObject({ id: conversationId, lastMessage: { text: 'first' }, unreadCount: 1 });
      expect(await unread(b, bob)).toEqual({ unread: 1, requests: 0 });
    }
    await send(a, alice, 'second');
    expect((await page(b, bob)).items.map((m) => m.text)).toEqual(['second', 'first']);
    expect((await inbox(b, bob)).items[0]).toMatchObject({ lastMessage: { text: 'second' }, unreadCount: 2 });
    expect(await unread(b, bob)).toEqual({ unread: 2, requests: 0 });
    // The sender's own kept reads move too.
    expect((await page(b, alice)).items.map((m) => m.text)).toEqual(['second', 'first']);
  });

  it('a reaction, a read mark and a deletion on one instance show at once on the other', async () => {
    const [newest] = (await page(b, bob)).items;
    await unread(b, bob);
    await on(a, alice).post(`/api/messages/${newest.id}/reactions`, { emoji: '❤️' }).expect(200);
    expect((await page(b, bob)).items[0].reactions).toEqual([{ emoji: '❤️', count: 1, mine: false }]);
    expect((await inbox(b, bob)).items[0].lastMessage?.reactions).toEqual([{ emoji: '❤️', count: 1, mine: false }]);

    await on(a, bob).post(`/api/conversations/${conversationId}/read`, { messageId: newest.id }).expect(200);
    expect(await unread(b, bob)).toEqual({ unread: 0, requests: 0 });
    expect((await inbox(b, bob)).items[0].unreadCount).toBe(0);

    await on(a, bob).del(`/api/messages/${newest.id}?for=me`).expect(200);
    expect((await page(b, bob)).items.map((m) => m.text)).toEqual(['first']);
    expect((await page(b, alice)).items.map((m) => m.text)).toEqual(['second', 'first']);
  });

  it('a block on one instance ends the conversation on the other at once, for both members, where its pages were kept', async () => {
    await page(b, bob);
    await page(b, alice);
    expect((await inbox(b, bob)).items.map((c) => c.id)).toContain(conversationId);
    await on(a, alice).post(`/api/blocks/${bob.id}`).expect(200);
    await on(b, bob).get(`/api/conversations/${conversationId}/messages`).expect(404);
    await on(b, alice).get(`/api/conversations/${conversationId}/messages`).expect(404);
    expect((await inbox(b, bob)).items.map((c) => c.id)).not.toContain(conversationId);
  });
});
