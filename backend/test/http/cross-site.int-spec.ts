import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { ADMIN_QUEUE, APP_CLIENT_HEADER, MESSAGES } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { signUp, SignedIn } from '../support/app';
import { bootWatched, countRows, filesUnder, WatchedApp } from '../support/harness';

const EVIL = 'https://evil.example';
/** What Chromium sends with each kind of request (Fetch Metadata, Origin), as another site makes it. */
const FROM_ANOTHER_SITE = {
  link: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1', Referer: `${EVIL}/page` },
  img: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image', Referer: `${EVIL}/page` },
  fetch: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', Origin: EVIL },
  siblingLink: { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
  formPost: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Origin: EVIL, 'Content-Type': 'application/x-www-form-urlencoded' },
  noCorsPost: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty', Origin: EVIL, 'Content-Type': 'text/plain' },
  siblingPost: { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors', Origin: 'http://evil.localhost:3999' },
  /** An older browser: no Origin, no Fetch Metadata, only the page it came from. */
  refererOnlyPost: { Referer: `${EVIL}/page`, 'Content-Type': 'application/x-www-form-urlencoded' },
} as const;
/** The app's own page calling its API. */
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' };
const APP_CLIENT = { [APP_CLIENT_HEADER.name]: APP_CLIENT_HEADER.value };
const GET_TOOLS = ['/api/admin/backup', '/api/admin/restore', '/api/admin/app-backup', '/api/admin/orphaned-uploads'];

/**
 * ROLE=api with ADMIN_JOB_WAIT_MS=0 and its own Redis prefix: an admin tool that gets through answers
 * 202 and leaves its job waiting in the queue (no worker anywhere runs it), so "nothing happened" is
 * checked exactly: no job, no audit row, no backup file.
 */
describe('no cross-site request can act', () => {
  let t: WatchedApp;
  let dir: string;
  let admin: SignedIn;
  let member: SignedIn;

  const jobsQueued = async () => Object.values(await t.app.get(JobsService).queue(ADMIN_QUEUE).getJobCounts()).reduce((a, b) => a + b, 0);
  const auditRows = () => countRows(t, 'audit_log', 'actor_id = $1', [admin.user.id]);
  const send = (agent: SignedIn['agent'], method: 'get' | 'head' | 'post', url: string, headers: Record<string, string>) => {
    let req = agent[method](url);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-cross-site-'));
    t = await bootWatched({
      ROLE: 'api',
      ADMIN_JOB_WAIT_MS: '0',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}xsite:`,
      BACKUP_DIR: path.join(dir, 'backups'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
    admin = await signUp(t, { groupId: 1 });
    member = await signUp(t);
  });
  afterAll(async () => {
    await t?.app.get(JobsService).queue(ADMIN_QUEUE).obliterate({ force: true });
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('the GET admin tools', () => {
    it.each(GET_TOOLS)('%s: a link, an <img>, a fetch or a sibling subdomain\'s link from another site gets 403 "origin refused"', async (url) => {
      for (const [kind, headers] of Object.entries({ link: FROM_ANOTHER_SITE.link, img: FROM_ANOTHER_SITE.img, fetch: FROM_ANOTHER_SITE.fetch, sibling: FROM_ANOTHER_SITE.siblingLink })) {
        // Even with the app client header (a cross-site fetch could only send it after a preflight the API never grants).
        for (const extra of [{}, APP_CLIENT]) {
          const res = await send(admin.agent, 'get', url, { ...headers, ...extra });
          expect({ kind, status: res.status, body: res.body }).toEqual({ kind, status: 403, body: { success: false, statusCode: 403, error: MESSAGES.http.originRefused } });
        }
      }
    });

    it.each(GET_TOOLS)('%s: without the app client header, even a typed address, a same-origin link or curl gets 403', async (url) => {
      const typed = { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1' };
      const ownLink = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Referer: `${t.settings.publicUrl}/` };
      for (const [kind, headers] of Object.entries({ typed, ownLink, sameOriginFetch: SAME_ORIGIN, curl: {} })) {
        for (const method of ['get', 'head'] as const) {
          const res = await send(admin.agent, method, url, headers);
          expect({ kind, method, status: res.status }).toEqual({ kind, method, status: 403 });
          if (method === 'get') expect(res.body).toEqual({ success: false, statusCode: 403, error: MESSAGES.http.appClientRequired });
        }
      }
    });

    it('did nothing for any of them: no job queued, no audit row, no backup file', async () => {
      expect(await jobsQueued()).toBe(0);
      expect(await auditRows()).toBe(0);
      expect(await filesUnder(path.join(dir, 'backups'))).toEqual([]);
    });

    it('the app client header (from the app, or a script) gets through: 202 and a queued job (the checks above can see one)', async () => {
      const fromApp = await send(admin.agent, 'get', '/api/admin/backup', { ...SAME_ORIGIN, ...APP_CLIENT }).expect(202);
      expect(fromApp.body).toEqual(expect.objectContaining({ pending: true, queue: ADMIN_QUEUE }));
      const fromScript = await send(admin.agent, 'get', '/api/admin/orphaned-uploads', APP_CLIENT).expect(202);
      expect(fromScript.body.jobId).not.toBe(fromApp.body.jobId);
      expect(await jobsQueued()).toBe(2);
      expect(await auditRows()).toBe(2);
    });

    it('the header is checked after the session: anonymous 401 and a member 403 "forbidden" with or without it', async () => {
      for (const extra of [{}, APP_CLIENT]) {
        expect((await send(t.agent(), 'get', '/api/admin/restore', extra)).status).toBe(401);
        expect((await send(member.agent, 'get', '/api/admin/restore', extra)).body.error).toBe(MESSAGES.http.forbidden);
      }
    });
  });

  describe('state-changing POSTs', () => {
    const postCount = () => countRows(t, 'posts', 'user_id = $1', [member.user.id]);

    it('a foreign form post, no-cors fetch, sibling subdomain or Referer-only post gets 403 and writes nothing', async () => {
      const before = await postCount();
      for (const kind of ['formPost', 'noCorsPost', 'siblingPost', 'refererOnlyPost'] as const) {
        const res = await send(member.agent, 'post', '/api/posts', FROM_ANOTHER_SITE[kind]).send(kind.endsWith('Post') && kind !== 'siblingPost' ? 'content=csrf' : { content: 'csrf' });
        expect({ kind, status: res.status, error: res.body.error }).toEqual({ kind, status: 403, error: MESSAGES.http.originRefused });
      }
      // Without an Origin, only same-origin may act: a typed address or a sibling's request is refused too.
      for (const site of ['none', 'same-site', 'cross-site']) {
        const res = await send(member.agent, 'post', '/api/posts', { 'Sec-Fetch-Site': site }).send({ content: 'csrf' });
        expect({ site, status: res.status }).toEqual({ site, status: 403 });
      }
      expect(await postCount()).toBe(before);
    });

    it('an admin job POST from another site queues nothing', async () => {
      const before = await jobsQueued();
      await send(admin.agent, 'post', '/api/admin/sync-follow-tables', FROM_ANOTHER_SITE.formPost).expect(403);
      await send(admin.agent, 'post', '/api/admin/orphaned-uploads/delete', FROM_ANOTHER_SITE.refererOnlyPost).expect(403);
      expect(await jobsQueued()).toBe(before);
    });

    it('the app itself, an old browser on our page and a script without browser headers still post', async () => {
      const ours = t.settings.publicUrl;
      await send(member.agent, 'post', '/api/posts', { ...SAME_ORIGIN, Origin: ours }).send({ content: 'from the app' }).expect(201);
      await send(member.agent, 'post', '/api/posts', SAME_ORIGIN).send({ content: 'same-origin, no Origin' }).expect(201);
      await send(member.agent, 'post', '/api/posts', { Referer: `${ours}/home` }).send({ content: 'old browser' }).expect(201);
      await send(member.agent, 'post', '/api/posts', {}).send({ content: 'script' }).expect(201);
      // PayPal's webhook comes with no browser header: the origin check lets it reach its own signature check.
      const hook = await request(t.app.getHttpServer()).post('/api/webhooks/paypal').send({ event_type: 'PING' });
      expect(hook.body.error).not.toBe(MESSAGES.http.originRefused);
    });
  });

  describe('reads', () => {
    it('refuses what another site or a sibling subdomain loads (link, <img>, fetch), and answers a typed address', async () => {
      for (const [kind, headers] of Object.entries({ link: FROM_ANOTHER_SITE.link, img: FROM_ANOTHER_SITE.img, fetch: FROM_ANOTHER_SITE.fetch, sibling: FROM_ANOTHER_SITE.siblingLink })) {
        const res = await send(member.agent, 'get', '/api/me', headers);
        expect({ kind, status: res.status }).toEqual({ kind, status: 403 });
      }
      const typed = await send(member.agent, 'get', '/api/me', { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' }).expect(200);
      expect(typed.body.id).toBe(member.user.id);
      await send(member.agent, 'get', '/api/me', SAME_ORIGIN).expect(200);
    });
  });

  describe('Socket.IO agrees with the API', () => {
    const handshake = (headers: Record<string, string>) => {
      let req = request(t.app.getHttpServer()).get('/socket.io/?EIO=4&transport=polling');
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      return req;
    };
    /** The API's verdict on a request that acts: 403 when refused as cross-site, 401 (anonymous) when let through. */
    const apiLetsThrough = async (headers: Record<string, string>) => {
      const res = await send(t.agent(), 'post', '/api/notifications/seen', headers).send({ kind: 'alerts' });
      expect([401, 403]).toContain(res.status);
      return res.status === 401;
    };

    it('opens a socket exactly when the API would let the same request act', async () => {
      const ours = t.settings.publicUrl;
      const cases: Record<string, Record<string, string>> = {
        'no browser header': {},
        'our Origin': { Origin: ours },
        'our page, no Origin': SAME_ORIGIN,
        'our Referer only': { Referer: `${ours}/` },
        'foreign Origin': { Origin: EVIL },
        'null Origin': { Origin: 'null' },
        'cross-site <img>/<script>': FROM_ANOTHER_SITE.img,
        'sibling subdomain': { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors' },
        'typed address': { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' },
        'foreign Referer only': { Referer: `${EVIL}/page` },
      };
      const verdicts: Record<string, { api: boolean; socket: boolean }> = {};
      for (const [name, headers] of Object.entries(cases)) {
        const socket = await handshake(headers);
        expect([200, 403]).toContain(socket.status);
        verdicts[name] = { api: await apiLetsThrough(headers), socket: socket.status === 200 };
      }
      for (const [name, { api, socket }] of Object.entries(verdicts)) expect({ name, socket }).toEqual({ name, socket: api });
      expect(Object.values(verdicts).filter((v) => v.socket).length).toBe(4);
    });
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.leaks).toEqual([]);
  });
});
