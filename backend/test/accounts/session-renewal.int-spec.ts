import Redis from 'ioredis';
import request from 'supertest';
import { MESSAGES } from '@cloud9/contracts';
import { REDIS } from '../../src/common/redis.module';
import { bootApp, PASSWORD, signUp, TestApp } from '../support/app';
import { sessionCookieOf, sessionIdOf } from '../support/harness';

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

  /** The stored session rewritten: signed in `signedInAgo` ms ago, its idle end `expiresIn` ms from now. */
  async function aged(key: string, signedInAgo: number, expiresIn: number) {
    const stored = JSON.parse((await redis.get(key))!);
    stored.createdAt = Date.now() - signedInAgo;
    stored.cookie.expires = new Date(Date.now() + expiresIn).toISOString();
    await redis.set(key, JSON.stringify(stored), 'PX', expiresIn);
  }

  it('ends a session past its absolute lifetime (SESSION_ABSOLUTE_DAYS), however recently it was renewed', async () => {
    const { cookie, key } = await freshSession();
    const absolute = t.settings.sessionAbsoluteDays * DAY;
    // Renewed yesterday (its idle end is 13 days off), but signed in a minute more than the lifetime ago.
    await aged(key, absolute + 60_000, t.settings.sessionMaxAgeDays * DAY - DAY);
    const res = await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(401);
    expect(res.body.error).toBe(MESSAGES.auth.notSignedIn);
    expect(await redis.exists(key)).toBe(0);
    // The feed's lighter path reads it as signed out too.
    await request(t.app.getHttpServer()).get('/api/posts?tab=following').set('Cookie', cookie).expect(401);
  });

  it('the daily renewal never moves a session’s end past its absolute lifetime', async () => {
    const { cookie, key } = await freshSession();
    const absolute = t.settings.sessionAbsoluteDays * DAY;
    const maxAge = t.settings.sessionMaxAgeDays * DAY;
    // Signed in 25 days ago, last renewed 13 days ago (its end is a day off): a full idle period would reach past day 30.
    const signedInAgo = absolute - 5 * DAY;
    await aged(key, signedInAgo, maxAge - 13 * DAY);
    const end = Date.now() - signedInAgo + absolute;

    const res = await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(200);
    const expires = Date.parse(/Expires=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1] ?? '');
    expect(Math.abs(expires - end)).toBeLessThan(5000);
    expect(await redis.pttl(key)).toBeLessThanOrEqual(end - Date.now() + 5000);
    expect(await redis.pttl(key)).toBeGreaterThan(5 * DAY - 60_000);
    // Renewed to the end already: the next request renews nothing.
    const again = await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a session from before sessions carried their sign-in time starts its absolute lifetime on its next request', async () => {
    const { cookie, key } = await freshSession();
    const stored = JSON.parse((await redis.get(key))!);
    delete stored.createdAt;
    await redis.set(key, JSON.stringify(stored), 'KEEPTTL');
    await request(t.app.getHttpServer()).get('/api/me').set('Cookie', cookie).expect(200);
    const createdAt = JSON.parse((await redis.get(key))!).createdAt;
    expect(Math.abs(createdAt - Date.now())).toBeLessThan(5000);
  });
});

