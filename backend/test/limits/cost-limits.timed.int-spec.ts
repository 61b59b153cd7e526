import { Client } from 'pg';
import { APP_CLIENT_HEADER, MESSAGES } from '@cloud9/contracts';
import { bootApp, signUp, type SignedIn, type TestApp } from '../support/app';

/**
 * What one client may cost (issue 28): every free text that reaches SQL is bounded, and one viewer
 * holds at most FILTERED_READS_PER_VIEWER uncached filtered reads at once (the next waits briefly,
 * then 429 with Retry-After). The slow read is real: the test holds a lock on posts that the
 * viewer's filtered page must wait for.
 */

jest.setTimeout(60_000);

describe('cost limits', () => {
  let t: TestApp;
  let locker: Client;

  /** Runs `work` while the test's own connection holds an ACCESS EXCLUSIVE lock on posts for `heldMs`. */
  async function whilePostsLocked<T>(heldMs: number, work: () => Promise<T>): Promise<T> {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE posts IN ACCESS EXCLUSIVE MODE');
    const release = new Promise((r) => setTimeout(r, heldMs)).then(() => locker.query('ROLLBACK'));
    try {
      return await work();
    } finally {
      await release;
    }
  }

  beforeAll(async () => {
    t = await bootApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}costlimits:` });
    locker = new Client({ connectionString: t.settings.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await t?.close();
  });

  describe('bounds on free text in the address', () => {
    let me: SignedIn;
    let admin: SignedIn;
    beforeAll(async () => {
      me = await signUp(t);
      admin = await signUp(t, { groupId: 1 });
      admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
    });

    const long = 'a'.repeat(101);
    const atMost = 'a'.repeat(100);
    const refused = { success: false, error: MESSAGES.http.pathTextTooLong, statusCode: 400 };

    it('GET /api/search/user/:name takes at most 100 characters (400 above, from the catalogue)', async () => {
      expect((await me.agent.get(`/api/search/user/${long}`).expect(400)).body).toEqual(refused);
      // 100 is a search like any other (nobody is called that).
      expect((await me.agent.get(`/api/search/user/${atMost}`).expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
      // Counted in characters, not bytes: 100 emoji pass, 101 do not.
      await me.agent.get(`/api/search/user/${encodeURIComponent('😀'.repeat(100))}`).expect(404);
      await me.agent.get(`/api/search/user/${encodeURIComponent('😀'.repeat(101))}`).expect(400);
    });

    it.each([
      ['/api/profile/%s'],
      ['/api/users/%s/replies'],
      ['/api/users/%s/liked-posts'],
      ['/api/users/%s/reposts'],
      ['/api/users/%s/media'],
      ['/api/users/%s/counts'],
      ['/api/search/profile/%s?query=word'],
      ['/api/admin/user/%s'],
    ])('a username in %s takes at most 100 characters', async (route) => {
      expect((await admin.agent.get(route.replace('%s', long)).expect(400)).body).toEqual(refused);
      expect((await admin.agent.get(route.replace('%s', atMost))).status).toBe(404);
    });

    it('the admin user search takes at most 254 characters (an e-mail address)', async () => {
      await admin.agent.get('/api/admin/users').query({ query: 'x'.repeat(255) }).expect(400);
      await admin.agent.get('/api/admin/users').query({ query: 'x'.repeat(254) }).expect(200);
    });
  });

  describe('FILTERED_READS_PER_VIEWER (2)', () => {
    /** A page only this viewer's search text decides: never from the shared page cache. */
    const filtered = (who: SignedIn, n: number) => who.agent.get('/api/posts').query({ search: `costly${n}`, limit: 5 });

    it('a third filtered read in flight waits briefly (answered when a slot frees within the wait, else 429 with Retry-After); another viewer is not held back', async () => {
      const [me, other] = [await signUp(t), await signUp(t)];
      const [answers, others] = await whilePostsLocked(1500, () =>
        Promise.all([
          Promise.all([0, 1, 2].map((n) => filtered(me, n))),
          new Promise((r) => setTimeout(r, 100)).then(() => filtered(other, 9)),
        ]),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 429]);
      const refusedAnswer = answers.find((r) => r.status === 429)!;
      expect(refusedAnswer.body).toEqual({ success: false, error: MESSAGES.http.tooManyFilteredReads, statusCode: 429 });
      expect(refusedAnswer.headers['retry-after']).toBe('1');
      expect(others.status).toBe(200);
      // The slots are given back: the viewer reads again at once.
      await filtered(me, 3).expect(200);
      // Held for less than the wait: the third read waits for a slot and is answered.
      const waited = await whilePostsLocked(250, () => Promise.all([4, 5, 6].map((n) => filtered(me, n))));
      expect(waited.map((r) => r.status)).toEqual([200, 200, 200]);
    });
  });
});
