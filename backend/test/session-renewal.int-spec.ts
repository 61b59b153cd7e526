import Redis from 'ioredis';
import request from 'supertest';
import { REDIS } from '../src/common/redis.module';
import { bootApp, PASSWORD, signUp, TestApp } from './support/app';
import { sessionCookieOf, sessionIdOf } from './support/harness';

const DAY = 24 * 3600 * 1000;

describe('session renewal (at most once a day, not on every request)', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await bootApp();
    redis = t.app.get(REDIS);
  });
  afterAll(() => t.close());

  async function freshSession() {
    const { user } = await signUp(t);
    const login = await request(t.app.getHttpServer()).post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    const cookie = sessionCookieOf(login);
    const key = `${t.settings.redisPrefix}sess:${sessionIdOf(cookie)}`;
    return { cookie, key };
  }

  it('leaves a fresh session alone: no cookie re-sent and no TTL change', async () => {
    const { cookie, key } = await freshSession();
    await redis.expire(key, 1000); // a marker: untouched sessions keep it
    const res = await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await redis.ttl(key)).toBeLessThanOrEqual(1000);
  });

  it('renews a session older than a day: new cookie expiry and a full TTL in Redis', async () => {
    const { cookie, key } = await freshSession();
    const maxAge = t.settings.sessionMaxAgeDays * DAY;
    // Make the stored session look two days old.
    const stored = JSON.parse((await redis.get(key))!);
    stored.cookie.expires = new Date(Date.now() + maxAge - 2 * DAY).toISOString();
    await redis.set(key, JSON.stringify(stored), 'EX', Math.round((maxAge - 2 * DAY) / 1000));

    const res = await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(200);
    const setCookie = String(res.headers['set-cookie'] ?? '');
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)?.[1] ?? '');
    expect(expires).toBeGreaterThan(Date.now() + maxAge - DAY);
    expect(await redis.ttl(key)).toBeGreaterThan((maxAge - DAY) / 1000);
    // Still the same, valid session.
    await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(200);
  });
});
