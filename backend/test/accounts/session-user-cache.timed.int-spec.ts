import request from 'supertest';
import { APP_CLIENT_HEADER } from '@cloud9/contracts';
import type Redis from 'ioredis';
import { InvalidationBus, type Invalidation } from '../../src/common/cache/invalidation-bus';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { SqlService } from '../../src/common/db/sql.service';
import { SESSION_USER_SQL } from '../../src/modules/users/users.sql';
import { bootApp, PASSWORD, signUp, type SignedIn, type TestApp } from '../support/app';
import { eventually, sessionCookieOf, sessionIdOf } from '../support/harness';

type Viewer = SignedIn & { cookie: string };

/**
 * The signed-in user's account row is kept in each instance's memory. Whatever changes it, or ends
 * the session, on one instance holds on the next request to the other.
 */
describe('the session user kept in memory (two instances, one Redis)', () => {
  const prefix = `${process.env.REDIS_PREFIX}sessionuser:`;
  let a: TestApp;
  let b: TestApp;
  let admin: Viewer;

  /** A user signed in on `a` through a second session whose cookie any instance can be sent. */
  const signedIn = async (groupId?: number): Promise<Viewer> => {
    const user = await signUp(a, { groupId });
    const login = await request(a.app.getHttpServer()).post('/api/login').send({ username: user.user.username, password: PASSWORD }).expect(200);
    return { ...user, cookie: sessionCookieOf(login) };
  };
  const me = (t: TestApp, who: Viewer) => request(t.app.getHttpServer()).get('/api/me').set('Cookie', who.cookie);
  /** Both instances hold the user (one request each). */
  const warm = async (who: Viewer) => {
    for (const t of [a, b]) await me(t, who).expect(200);
  };

  beforeAll(async () => {
    a = await bootApp({ REDIS_PREFIX: prefix, SESSION_USER_CACHE_MS: '60000' });
    b = await bootApp({ REDIS_PREFIX: prefix, SESSION_USER_CACHE_MS: '60000' });
    for (const t of [a, b]) expect(await eventually(async () => t.app.get(InvalidationBus).live, 5000)).toBe(true);
    admin = await signedIn(1);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('reads the account once, then from memory', async () => {
    const user = await signedIn();
    const reads: string[] = [];
    const sql = a.app.get(SqlService);
    const original = sql.query.bind(sql);
    (sql as { query: unknown }).query = (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
      if (text === SESSION_USER_SQL) reads.push(text);
      return original(text, values, options);
    };
    try {
      for (let i = 0; i < 3; i++) await me(a, user).expect(200);
    } finally {
      (sql as { query: unknown }).query = original;
    }
    expect(reads).toHaveLength(1);
  });

  it('a read of the account is kept across changes that are not of it (counts, sessions); a change of it leaves the read unkept', async () => {
    const user = await signedIn();
    const sql = a.app.get(SqlService);
    const original = sql.query.bind(sql);
    /** Reads the row once (held until `change` is published), then asks again: how many reads it took. */
    const readsAcross = async (change: Invalidation): Promise<number> => {
      let reads = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      (sql as { query: unknown }).query = async (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
        const rows = await original(text, values, options);
        if (text === SESSION_USER_SQL) {
          reads += 1;
          await gate;
        }
        return rows;
      };
      try {
        await a.app.get(InvalidationBus).publish({ users: [user.user.id] }); // a must read the row again
        const read = me(a, user).then((res) => res.status);
        expect(await eventually(async () => reads === 1, 5000)).toBe(true);
        await a.app.get(InvalidationBus).publish(change);
        release();
        expect(await read).toBe(200);
        await me(a, user).expect(200);
        return reads;
      } finally {
        (sql as { query: unknown }).query = original;
      }
    };
    expect(await readsAcross({ counts: [{ post: 1, likes: 1 }], sessions: ['another-session'] })).toBe(1);
    expect(await readsAcross({ users: [user.user.id] })).toBe(2);
  });

  it("an admin's group change holds on the other instance's next request", async () => {
    const user = await signedIn();
    await warm(user);
    await admin.agent.patch(`/api/admin/users/${user.user.id}`).send({ group_id: 7 }).expect(200);
    for (const t of [b, a]) expect((await me(t, user).expect(200)).body.group_id).toBe(7);
    // And the group's permissions with it: a Basic user could not reach an admin route; now the reverse.
    await admin.agent.patch(`/api/admin/users/${user.user.id}`).send({ group_id: 1 }).expect(200);
    const adminList = () =>
      request(b.app.getHttpServer()).get('/api/admin/users').set('Cookie', user.cookie).set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
    await adminList().expect(200);
    await admin.agent.patch(`/api/admin/users/${user.user.id}`).send({ group_id: 5 }).expect(200);
    await adminList().expect(403);
  });

  it('a profile edit on one instance shows on the other at once', async () => {
    const user = await signedIn();
    await warm(user);
    await request(b.app.getHttpServer()).put(`/api/users/${user.user.username}`).set('Cookie', user.cookie).send({ name: 'Renamed' }).expect(200);
    for (const t of [a, b]) expect((await me(t, user).expect(200)).body.name).toBe('Renamed');
  });

  it('a signed-in read finds its session in memory; a write always reads it from Redis', async () => {
    const user = await signedIn();
    await warm(user);
    // The session vanishes from Redis with no message (as if one were missed): reads still find it
    // here, but nothing can act through it.
    await a.app.get<Redis>(REDIS).del(a.app.get(RedisKeys).session(sessionIdOf(user.cookie)));
    await me(a, user).expect(200);
    await request(a.app.getHttpServer()).post('/api/posts').set('Cookie', user.cookie).send({ content: 'from a lost session' }).expect(401);
    await request(a.app.getHttpServer()).put(`/api/users/${user.user.username}`).set('Cookie', user.cookie).send({ name: 'Nobody' }).expect(401);
  });

  it('signing out on one instance ends the session on the other at once', async () => {
    const user = await signedIn();
    await warm(user);
    await request(a.app.getHttpServer()).post('/api/logout').set('Cookie', user.cookie).expect(200);
    await me(b, user).expect(401);
    await me(a, user).expect(401);
  });

  it("a password change ends the account's other sessions on every instance at once", async () => {
    const user = await signedIn();
    await warm(user);
    await user.agent.put(`/api/users/${user.user.username}`).send({ password: 'a-brand-new-password-9', confirmPassword: 'a-brand-new-password-9', currentPassword: PASSWORD }).expect(200);
    await me(b, user).expect(401);
    await me(a, user).expect(401);
    await user.agent.get('/api/me').expect(200); // the session it was changed in stays
  });

  it('a deleted account is signed out on every instance at once', async () => {
    const user = await signedIn();
    await warm(user);
    await admin.agent.delete(`/api/users/${user.user.id}`).expect(200);
    await me(b, user).expect(401);
    await me(a, user).expect(401);
  });
});
