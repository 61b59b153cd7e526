import { INestApplication, ServiceUnavailableException } from '@nestjs/common';
import { Writable } from 'node:stream';
import request from 'supertest';
import { MESSAGES } from '@cloud9/contracts';
import { createApp } from '../../src/app.setup';
import { loadSettings } from '../../src/config/settings';
import { FeedService } from '../../src/modules/posts/feed.service';
import { uniqueName } from '../support/app';
import { sessionCookieOf, sessionIdOf } from '../support/harness';

/**
 * The JSON log of real requests, read from the app's own logger at info level: one line per request
 * with its id (also answered in X-Request-Id), the signed-in user, the route template, status and
 * duration; Nest's own lines through the same logger, inside a request carrying its id; only
 * unexpected failures at error level with a stack; and no secret the requests carried anywhere.
 */

interface Line {
  level: string;
  msg: string;
  requestId?: string;
  userId?: number;
  route?: string;
  status?: number;
  durationMs?: number;
  context?: string;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('structured request logs', () => {
  let raw = '';
  let app: INestApplication;
  const lines = (): Line[] =>
    raw
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  /** The request line of the request answered under `id` (the log is written as the answer ends). */
  const requestLine = async (id: string): Promise<Line> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const line = lines().find((l) => l.requestId === id && typeof l.status === 'number');
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`no request line for ${id}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw += chunk.toString();
        done();
      },
    });
    app = await createApp(loadSettings({ ...process.env, LOG_LEVEL: 'info' }, false), { logDestination: capture });
    await app.init();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
  });

  it("writes Nest's own lines as JSON through the same logger", () => {
    expect(lines().some((l) => l.context === 'InstanceLoader' && l.level === 'info')).toBe(true);
  });

  it('logs a sign-in and a signed-in call with request id, user, route, status and duration, and none of the secrets they carried', async () => {
    const username = uniqueName('logged');
    const password = 'Secret-Password-0451!';
    const bearer = 'bearer-secret-4fd0c2e9a1';
    const agent = request.agent(app.getHttpServer());
    await agent.post('/api/users').send({ username, email: `${username}@example.com`, password }).expect(201);
    const login = await agent.post('/api/login').set('X-Request-Id', 'login.trace-1').send({ username, password }).expect(200);
    expect(login.headers['x-request-id']).toBe('login.trace-1');
    const cookieValue = sessionCookieOf(login).split('=')[1];
    const sessionId = sessionIdOf(sessionCookieOf(login));
    const deviceCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('c9.device='))!;
    const deviceValue = deviceCookie.split(';')[0].split('=')[1];

    const me = await agent.get('/api/me').set('Authorization', `Bearer ${bearer}`).set('X-Request-Id', 'me.trace-2').expect(200);
    expect(me.headers['x-request-id']).toBe('me.trace-2');

    const loginLine = await requestLine('login.trace-1');
    expect(loginLine).toMatchObject({ level: 'info', method: 'POST', route: '/api/login', status: 200, url: '/api/login' });
    const meLine = await requestLine('me.trace-2');
    expect(meLine).toMatchObject({ level: 'info', method: 'GET', route: '/api/me', status: 200, userId: login.body.id, msg: 'GET /api/me 200' });
    expect(typeof meLine.durationMs).toBe('number');
    expect(meLine.err).toBeUndefined();

    for (const secret of [password, bearer, cookieValue, sessionId, decodeURIComponent(cookieValue), deviceValue, decodeURIComponent(deviceValue)]) expect(raw).not.toContain(secret);
  });

  it('replaces an unsafe X-Request-Id with a new one, in the answer and the log', async () => {
    const res = await request(app.getHttpServer()).get('/api/posts/999999998').set('X-Request-Id', 'not a "safe" id').expect(404);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(await requestLine(res.headers['x-request-id'] as string)).toMatchObject({ level: 'info', status: 404 });
    expect(raw).not.toContain('not a \\"safe\\" id');
  });

  it('keeps successful probes below info (they are polled all day)', async () => {
    const probe = await request(app.getHttpServer()).get('/api/health/live').expect(200);
    const after = await request(app.getHttpServer()).get('/api/posts/999999997').expect(404);
    await requestLine(after.headers['x-request-id'] as string);
    expect(raw).not.toContain(probe.headers['x-request-id'] as string);
  });

  it('writes 4xx and a dependency away (503) at info without a stack; the errors filter warns once, with the request id', async () => {
    const missing = await request(app.getHttpServer()).get('/api/posts/999999999').expect(404);
    expect(await requestLine(missing.headers['x-request-id'] as string)).toMatchObject({ level: 'info', status: 404, route: '/api/posts/:id' });

    const feed = app.get(FeedService);
    jest.spyOn(feed, 'history').mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const away = await request(app.getHttpServer()).get('/api/posts/1/history').expect(503);
    expect(away.body.error).toBe(MESSAGES.http.serviceUnavailable);
    const id = away.headers['x-request-id'] as string;
    const line = await requestLine(id);
    expect(line).toMatchObject({ level: 'info', status: 503, route: '/api/posts/:id/history' });
    expect(line.err).toBeUndefined();
    const filterLine = lines().find((l) => l.context === 'Errors' && l.requestId === id);
    expect(filterLine).toMatchObject({ level: 'warn' });
    expect(JSON.stringify(filterLine)).not.toMatch(/\n\s+at /);

    jest.spyOn(feed, 'history').mockRejectedValueOnce(new ServiceUnavailableException(MESSAGES.http.serviceUnavailable));
    const deliberate = await request(app.getHttpServer()).get('/api/posts/1/history').expect(503);
    const deliberateLine = await requestLine(deliberate.headers['x-request-id'] as string);
    expect([deliberateLine.level, deliberateLine.err]).toEqual(['info', undefined]);
    expect(lines().filter((l) => l.level === 'error')).toEqual([]);
  });

  it('writes an unexpected failure at error level with its stack, and answers without it', async () => {
    jest.spyOn(app.get(FeedService), 'history').mockRejectedValueOnce(new Error('kaboom in history'));
    const res = await request(app.getHttpServer()).get('/api/posts/1/history').expect(500);
    expect(res.body).toEqual({ success: false, error: MESSAGES.http.internal, statusCode: 500 });
    const line = await requestLine(res.headers['x-request-id'] as string);
    expect(line).toMatchObject({ level: 'error', status: 500, route: '/api/posts/:id/history', err: { message: 'kaboom in history' } });
    expect(line.err?.stack).toMatch(/kaboom in history\n\s+at /);
  });
});
