import { Writable } from 'node:stream';
import { Secret, TOTP as Totp } from 'otpauth';
import type request from 'supertest';
import { APP_CLIENT_HEADER, GroupId, MESSAGES, TOTP } from '@cloud9/contracts';
import { TwoFactorClock } from '../../src/modules/two-factor/public';
import { bootApp, PASSWORD, signUp, TestApp, uniqueName } from '../support/app';

const M = MESSAGES.twoFactor;
type Agent = ReturnType<typeof request.agent>;
const STEP_MS = TOTP.periodSeconds * 1000;
/** A moment in the middle of a 30-second step, so ±1 step is plainly one step either side. */
const T0 = Date.UTC(2026, 10, 29, 12, 0, 15);

/** The code an authenticator app shows for `secret` at `atMs` (the same library, not the server's code). */
const codeAt = (secret: string, atMs: number) =>
  new Totp({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: atMs });

/** Log lines of the app, as written. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

/** Every response body the app sent (to check where secrets and codes appear). */
function recordBodies(t: TestApp): { url: string; body: string }[] {
  const seen: { url: string; body: string }[] = [];
  const server = t.app.getHttpServer() as import('node:http').Server;
  server.prependListener('request', (req, res) => {
    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (...args: unknown[]) => unknown;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      return write(chunk, ...rest);
    };
    (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      seen.push({ url: `${req.method} ${req.url}`, body: Buffer.concat(chunks).toString('utf8') + JSON.stringify(res.getHeader('set-cookie') ?? '') });
      return end(chunk, ...rest);
    };
  });
  return seen;
}

describe('two-factor sign-in with an authenticator app (TOTP)', () => {
  let t: TestApp;
  let logs: LogCapture;
  let bodies: { url: string; body: string }[];
  let now = T0;

  beforeAll(async () => {
    logs = new LogCapture();
    // info: the request log writes a line per request (what must not carry codes); the wrong-code limit at its default.
    t = await bootApp({ LOG_LEVEL: 'info', RATE_LIMIT_2FA: '5/15m' }, { logDestination: logs });
    jest.spyOn(t.app.get(TwoFactorClock), 'now').mockImplementation(() => now);
    bodies = recordBodies(t);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    now = T0;
  });

  /** A signed-in member with TOTP on: their agent, secret and recovery codes (the clock left one step on, so codes of T0 are used). */
  async function memberWithTotp(opts: { groupId?: number } = {}): Promise<{ agent: Agent; username: string; id: number; secret: string; recoveryCodes: string[] }> {
    const { agent, user } = await signUp(t, opts);
    const setup = await agent.post('/api/me/2fa/totp/setup').expect(200);
    const enabled = await agent.post('/api/me/2fa/totp/enable').send({ code: codeAt(setup.body.secret, now) }).expect(200);
    return { agent, username: user.username, id: user.id, secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  /** The password step from a fresh browser: the answer and that browser. */
  async function passwordStep(username: string): Promise<{ agent: Agent; res: request.Response }> {
    const agent = t.agent();
    const res = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { agent, res };
  }

  describe('setting up', () => {
    it('setup answers a base32 secret, its otpauth address and an SVG QR code, inactive until a code confirms it; the secret is stored encrypted', async () => {
      const { agent, user } = await signUp(t);
      const res = await agent.post('/api/me/2fa/totp/setup').expect(200);
      expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(res.body.otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(url.searchParams.get('secret')).toBe(res.body.secret);
      expect(url.searchParams.get('algorithm')).toBe('SHA1');
      expect(url.searchParams.get('digits')).toBe('6');
      expect(url.searchParams.get('period')).toBe('30');
      expect(decodeURIComponent(url.pathname)).toContain(user.username);
      expect(res.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect((await agent.get('/api/me').expect(200)).body.twoFactor).toEqual({ totp: false });
      const [row] = await t.db.query('SELECT secret_enc, enabled_at FROM totp_credentials WHERE user_id = $1', [user.id]);
      expect(row.enabled_at).toBeNull();
      expect(row.secret_enc).not.toContain(res.body.secret);
      // Not on yet: the password alone still signs in.
      const login = await t.agent().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
      expect(login.body.username).toBe(user.username);
    });

    it('enable refuses a wrong code (403) and nothing before setup (409), then answers 10 one-time recovery codes stored hashed', async () => {
      const { agent, user } = await signUp(t);
      const before = await agent.post('/api/me/2fa/totp/enable').send({ code: '123456' }).expect(409);
      expect(before.body.error).toBe(M.notSetUp);
      const { body: setup } = await agent.post('/api/me/2fa/totp/setup').expect(200);
      const wrong = await agent.post('/api/me/2fa/totp/enable').send({ code: codeAt(setup.secret, now + 3 * STEP_MS) }).expect(403);
      expect(wrong.body.error).toBe(M.wrongCode);
      const res = await agent.post('/api/me/2fa/totp/enable').send({ code: codeAt(setup.secret, now) }).expect(200);
      expect(res.body.recoveryCodes).toHaveLength(10);
      expect(new Set(res.body.recoveryCodes).size).toBe(10);
      for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const rows: { code_hash: string }[] = await t.db.query('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [user.id]);
      expect(rows).toHaveLength(10);
      for (const { code_hash } of rows) for (const code of res.body.recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
      expect((await agent.get('/api/me').expect(200)).body.twoFactor).toEqual({ totp: true });
      // On now: a second setup or enable is refused.
      expect((await agent.post('/api/me/2fa/totp/setup').expect(409)).body.error).toBe(M.alreadyOn);
      expect((await agent.post('/api/me/2fa/totp/enable').send({ code: codeAt(setup.secret, now + STEP_MS) }).expect(409)).body.error).toBe(M.alreadyOn);
    });

    it('refuses malformed codes with 400 and the catalogue message', async () => {
      const { agent } = await signUp(t);
      await agent.post('/api/me/2fa/totp/setup').expect(200);
      expect((await agent.post('/api/me/2fa/totp/enable').send({}).expect(400)).body.error).toBe(M.codeRequired);
      expect((await agent.post('/api/me/2fa/totp/enable').send({ code: '12345' }).expect(400)).body.error).toBe(M.codeInvalid);
      expect((await agent.post('/api/me/2fa/totp/enable').send({ code: 123456 }).expect(400)).body.error).toBe(M.codeRequired);
      expect((await agent.post('/api/me/2fa/totp/enable').send({ code: 'abcdef' }).expect(400)).body.error).toBe(M.codeInvalid);
    });
  });

  describe('signing in', () => {
    it('the right password answers {twoFactorRequired, methods} and no session; the code from the same browser signs in with the device cookie', async () => {
      const m = await memberWithTotp();
      now = T0 + STEP_MS;
      const { agent, res } = await passwordStep(m.username);
      expect(res.body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookies.some((c) => c.startsWith('c9.sid='))).toBe(false);
      const pending = cookies.find((c) => c.startsWith('c9.2fa='));
      expect(pending).toMatch(/HttpOnly/i);
      expect(pending).toMatch(/SameSite=Strict/i);
      expect(pending).toMatch(/Max-Age=300/);
      await agent.get('/api/me').expect(401);

      const done = await agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now) }).expect(200);
      expect(done.body).toEqual(expect.objectContaining({ id: m.id, username: m.username }));
      const set = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
      expect(set.some((c) => c.startsWith('c9.sid='))).toBe(true);
      expect(set.some((c) => c.startsWith('c9.device='))).toBe(true);
      expect(set.some((c) => /^c9\.2fa=;/.test(c))).toBe(true);
      expect((await agent.get('/api/me').expect(200)).body).toEqual(expect.objectContaining({ id: m.id, twoFactor: { totp: true } }));
    });

    it('accepts a code one step either side of the clock, not two', async () => {
      const m = await memberWithTotp();
      const cases = [[-2, false], [2, false], [-1, true], [1, true]] as const;
      for (const [i, [offset, ok]] of cases.entries()) {
        // Later and later moments: each accepted code's step is used up, so every case starts past it.
        now = T0 + 10 * (i + 1) * STEP_MS;
        const { agent } = await passwordStep(m.username);
        const res = await agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now + offset * STEP_MS) });
        if (ok) expect(res.status).toBe(200);
        else expect([res.status, res.body.error]).toEqual([401, M.wrongCode]);
      }
    });

    it('accepts a code once: the same code again is refused as used, the next step\'s code is not', async () => {
      const m = await memberWithTotp();
      now = T0 + 4 * STEP_MS;
      const code = codeAt(m.secret, now);
      const first = await passwordStep(m.username);
      await first.agent.post('/api/login/2fa').send({ code }).expect(200);
      const second = await passwordStep(m.username);
      const again = await second.agent.post('/api/login/2fa').send({ code }).expect(401);
      expect(again.body.error).toBe(M.usedCode);
      // An earlier step's code, still within the window, is refused as well: only later steps pass.
      expect((await second.agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now - STEP_MS) }).expect(401)).body.error).toBe(M.usedCode);
      now += STEP_MS;
      await second.agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now) }).expect(200);
    });

    it('the second step lasts 5 minutes after the password, by the clock', async () => {
      const m = await memberWithTotp();
      now = T0 + 2 * STEP_MS;
      const inTime = await passwordStep(m.username);
      now += 5 * 60 * 1000 - 1000;
      await inTime.agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now) }).expect(200);

      now += STEP_MS;
      const late = await passwordStep(m.username);
      now += 5 * 60 * 1000 + 1000;
      const res = await late.agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now) }).expect(401);
      expect(res.body.error).toBe(M.stepExpired);
      // It is gone, not just late: the clock going back does not bring it back.
      now -= 5 * 60 * 1000;
      expect((await late.agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now) }).expect(401)).body.error).toBe(M.stepExpired);
    });

    it('is bound to the browser that gave the password: another client, a forged cookie or none at all gets "expired"', async () => {
      const m = await memberWithTotp();
      now = T0 + 3 * STEP_MS;
      const { agent, res } = await passwordStep(m.username);
      const code = codeAt(m.secret, now);
      const pending = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('c9.2fa='))!.split(';')[0];
      const other = t.agent();
      expect((await other.post('/api/login/2fa').send({ code }).expect(401)).body.error).toBe(M.stepExpired);
      const forged = pending.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
      expect((await t.agent().post('/api/login/2fa').set('Cookie', forged).send({ code }).expect(401)).body.error).toBe(M.stepExpired);
      await other.get('/api/me').expect(401);
      // The browser that gave the password finishes it; its pending sign-in then ends (a replayed cookie is refused).
      await agent.post('/api/login/2fa').send({ code }).expect(200);
      now += STEP_MS;
      expect((await t.agent().post('/api/login/2fa').set('Cookie', pending).send({ code: codeAt(m.secret, now) }).expect(401)).body.error).toBe(M.stepExpired);
    });

    it('recovery codes sign in once each (dash and letter case optional); a used, wrong or replaced one is refused with its message', async () => {
      const m = await memberWithTotp();
      const [first, second] = m.recoveryCodes;
      const a = await passwordStep(m.username);
      await a.agent.post('/api/login/2fa').send({ recoveryCode: first }).expect(200);
      const b = await passwordStep(m.username);
      expect((await b.agent.post('/api/login/2fa').send({ recoveryCode: first }).expect(401)).body.error).toBe(M.usedRecoveryCode);
      expect((await b.agent.post('/api/login/2fa').send({ recoveryCode: 'zzzzz-zzzzz' }).expect(401)).body.error).toBe(M.wrongRecoveryCode);
      expect((await b.agent.post('/api/login/2fa').send({ recoveryCode: 'short' }).expect(400)).body.error).toBe(M.recoveryCodeInvalid);
      expect((await b.agent.post('/api/login/2fa').send({ code: '123456', recoveryCode: second }).expect(400)).body.error).toBe(M.oneCodeOnly);
      expect((await b.agent.post('/api/login/2fa').send({}).expect(400)).body.error).toBe(M.codeRequired);
      await b.agent.post('/api/login/2fa').send({ recoveryCode: second.replace('-', '').toUpperCase() }).expect(200);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL', [m.id]);
      expect(n).toBe(2);

      // A new set (password) replaces the old: an old unused code no longer works.
      expect((await m.agent.post('/api/me/2fa/recovery-codes').send({ password: 'not-the-password' }).expect(403)).body.error).toBe(MESSAGES.auth.currentPasswordWrong);
      const fresh = await m.agent.post('/api/me/2fa/recovery-codes').send({ password: PASSWORD }).expect(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
      const c = await passwordStep(m.username);
      expect((await c.agent.post('/api/login/2fa').send({ recoveryCode: m.recoveryCodes[2] }).expect(401)).body.error).toBe(M.wrongRecoveryCode);
      await c.agent.post('/api/login/2fa').send({ recoveryCode: fresh.body.recoveryCodes[0] }).expect(200);
    });

    it('limits wrong codes to 5 per 15 minutes per account and client: the 6th attempt is 429, even with the right code; other accounts are not affected', async () => {
      const m = await memberWithTotp();
      now = T0 + 6 * STEP_MS;
      const { agent } = await passwordStep(m.username);
      for (let i = 0; i < 5; i++) {
        const res = await agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now + 5 * STEP_MS) });
        expect([res.status, res.body.error]).toEqual([401, M.wrongCode]);
      }
      const refused = await agent.post('/api/login/2fa').send({ code: codeAt(m.secret, now) }).expect(429);
      expect(refused.body.error).toBe(M.tooManyCodes);
      expect((await agent.post('/api/login/2fa').send({ recoveryCode: m.recoveryCodes[0] }).expect(429)).body.error).toBe(M.tooManyCodes);
      // Wrong codes on the signed-in routes count for the same account and client.
      expect((await m.agent.post('/api/me/2fa/recovery-codes').send({ password: PASSWORD }).expect(429)).body.error).toBe(M.tooManyCodes);

      const n = await memberWithTotp();
      now += STEP_MS;
      const other = await passwordStep(n.username);
      await other.agent.post('/api/login/2fa').send({ code: codeAt(n.secret, now) }).expect(200);
    });

    it('turning it off takes the password and a current code; then the password alone signs in again', async () => {
      const m = await memberWithTotp();
      now = T0 + STEP_MS;
      expect((await m.agent.delete('/api/me/2fa/totp').send({ password: 'wrong-password', code: codeAt(m.secret, now) }).expect(403)).body.error).toBe(MESSAGES.auth.currentPasswordWrong);
      expect((await m.agent.delete('/api/me/2fa/totp').send({ password: PASSWORD, code: codeAt(m.secret, now + 4 * STEP_MS) }).expect(403)).body.error).toBe(M.wrongCode);
      expect((await m.agent.delete('/api/me/2fa/totp').send({ password: PASSWORD }).expect(400)).body.error).toBe(M.codeRequired);
      // A DELETE body is read only as JSON: any other is left unread (no 415), so nothing was sent.
      const notJson = await m.agent.delete('/api/me/2fa/totp').set('Content-Type', 'text/plain').send(`password=${PASSWORD}`).expect(400);
      expect(notJson.body.error).toBe(MESSAGES.auth.passwordRequired);
      await m.agent.delete('/api/me/2fa/totp').send({ password: PASSWORD, code: codeAt(m.secret, now) }).expect(200);
      expect((await m.agent.get('/api/me').expect(200)).body.twoFactor).toEqual({ totp: false });
      expect(await t.db.query('SELECT 1 FROM recovery_codes WHERE user_id = $1', [m.id])).toEqual([]);
      const login = await t.agent().post('/api/login').send({ username: m.username, password: PASSWORD }).expect(200);
      expect(login.body.id).toBe(m.id);
      expect((await m.agent.delete('/api/me/2fa/totp').send({ password: PASSWORD, code: '123456' }).expect(409)).body.error).toBe(M.notOn);
    });

    it('deleting one\'s own account with two-factor on needs its password and a current code; without two-factor no code is asked', async () => {
      const m = await memberWithTotp();
      now = T0 + STEP_MS;
      expect((await m.agent.delete(`/api/users/${m.id}`).send({ code: codeAt(m.secret, now) }).expect(403)).body.error).toBe(MESSAGES.accountData.deletePasswordRequired);
      expect((await m.agent.delete(`/api/users/${m.id}`).send({ currentPassword: PASSWORD }).expect(403)).body.error).toBe(M.codeForDeletion);
      expect((await m.agent.delete(`/api/users/${m.id}`).send({ currentPassword: PASSWORD, code: codeAt(m.secret, now + 3 * STEP_MS) }).expect(403)).body.error).toBe(M.wrongCode);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [m.id])).toHaveLength(1);
      await m.agent.delete(`/api/users/${m.id}`).send({ currentPassword: PASSWORD, code: codeAt(m.secret, now) }).expect(200);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [m.id])).toEqual([]);
      expect(await t.db.query('SELECT 1 FROM totp_credentials WHERE user_id = $1', [m.id])).toEqual([]);

      const plain = await signUp(t);
      await plain.agent.delete(`/api/users/${plain.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    });
  });

  it('secrets and codes appear in no answer but their own (setup; enable and new recovery codes) and in no log line', async () => {
    const m = await memberWithTotp();
    now = T0 + STEP_MS;
    const code = codeAt(m.secret, now);
    const { agent } = await passwordStep(m.username);
    await agent.post('/api/login/2fa').send({ code }).expect(200);
    const b = await passwordStep(m.username);
    await b.agent.post('/api/login/2fa').send({ recoveryCode: m.recoveryCodes[1] }).expect(200);
    await b.agent.post('/api/login/2fa').send({ code: '000000' }); // no pending sign-in any more: refused, logged
    const fresh = await m.agent.post('/api/me/2fa/recovery-codes').send({ password: PASSWORD }).expect(200);

    const [row] = await t.db.query('SELECT secret_enc FROM totp_credentials WHERE user_id = $1', [m.id]);
    const hashes: { code_hash: string }[] = await t.db.query('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [m.id]);
    const secrets = [m.secret, row.secret_enc, ...m.recoveryCodes, ...fresh.body.recoveryCodes, ...hashes.map((h) => h.code_hash)];
    const allowed = (url: string, s: string) =>
      (url === 'POST /api/me/2fa/totp/setup' && s === m.secret) ||
      (url === 'POST /api/me/2fa/totp/enable' && m.recoveryCodes.includes(s)) ||
      (url === 'POST /api/me/2fa/recovery-codes' && fresh.body.recoveryCodes.includes(s));
    const leaks = bodies.flatMap(({ url, body }) => secrets.filter((s) => body.includes(s) && !allowed(url, s)).map((s) => `${url}: ${s}`));
    expect(leaks).toEqual([]);
    expect(bodies.some(({ url }) => url === 'POST /api/login/2fa')).toBe(true);

    // The log saw these requests (not vacuous) and none of the secrets, codes or hashes.
    expect(logs.text).toContain('/api/login/2fa');
    for (const s of [...secrets, code]) expect(logs.text).not.toContain(s);
  });

  describe('REQUIRE_2FA_FOR_STAFF', () => {
    let strict: TestApp;
    const strictNow = T0;
    beforeAll(async () => {
      strict = await bootApp({ REQUIRE_2FA_FOR_STAFF: 'true', ADMIN_JOB_WAIT_MS: '0' });
      jest.spyOn(strict.app.get(TwoFactorClock), 'now').mockImplementation(() => strictNow);
    });
    afterAll(() => strict?.close());

    /** Staff routes: those whose @Auth names groups (the admin's tools, the moderation queue, boost tools). */
    const STAFF_ROUTES: [string, string, (groupId: number) => boolean][] = [
      ['get', '/api/moderation/reports', () => true],
      ['get', '/api/admin/users', (g) => g === GroupId.Admin],
      ['get', '/api/admin/audit', (g) => g === GroupId.Admin],
    ];

    it.each([['staff', GroupId.Staff2], ['admin', GroupId.Admin]] as const)('%s without two-factor get 403 on staff routes (catalogue message) and nowhere else; with it they pass', async (_role, groupId) => {
      const { agent } = await signUp(strict, { groupId });
      for (const [method, url, allowed] of STAFF_ROUTES) {
        if (!allowed(groupId)) continue;
        const res = await (agent[method as 'get'](url) as request.Test).set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value).expect(403);
        expect(res.body.error).toBe(M.staffRequired);
      }
      await agent.get('/api/me').expect(200);
      await agent.get('/api/bookmarks').expect(200);
      const setup = await agent.post('/api/me/2fa/totp/setup').expect(200);
      await agent.post('/api/me/2fa/totp/enable').send({ code: codeAt(setup.body.secret, strictNow) }).expect(200);
      for (const [method, url, allowed] of STAFF_ROUTES) {
        if (!allowed(groupId)) continue;
        const res = await (agent[method as 'get'](url) as request.Test).set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
        expect([url, res.status]).toEqual([url, 200]);
      }
    });

    it('members are refused staff routes as before (403 forbidden), not asked for two-factor', async () => {
      const { agent } = await signUp(strict, { username: uniqueName('member') });
      expect((await agent.get('/api/moderation/reports').expect(403)).body.error).toBe(MESSAGES.http.forbidden);
    });

    it('without the setting, staff without two-factor use staff routes', async () => {
      const { agent } = await signUp(t, { groupId: GroupId.Staff2 });
      await agent.get('/api/moderation/reports').expect(200);
    });
  });
});
