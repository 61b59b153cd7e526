import { Secret, TOTP as Totp } from 'otpauth';
import request from 'supertest';
import { MESSAGES, MODERATION_MESSAGES, PASSKEY_MESSAGES, PASSKEY_RULES } from '@cloud9/contracts';
import { bootApp, PASSWORD, signUp, type SignedIn, type TestApp } from '../support/app';
import { countRows, sessionCookieOf } from '../support/harness';
import { assert, createPasskey, type SoftPasskey } from '../support/soft-authenticator';

/**
 * Passkeys through the API, with a software authenticator that builds WebAuthn's answers byte for
 * byte (the browser tests use Chromium's virtual one): adding one, signing in with one (no username),
 * and every answer the server must refuse.
 */
describe('passkeys (WebAuthn)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await bootApp();
    origin = new URL(t.settings.publicUrl).origin;
  });
  afterAll(() => t?.close());

  const http = () => request(t.app.getHttpServer());

  /** Adds a passkey to `member`'s account as a browser would: options, then the authenticator's answer. */
  async function addPasskey(member: SignedIn, name = 'My phone'): Promise<{ passkey: SoftPasskey; id: number }> {
    const options = (await member.agent.post('/api/me/passkeys/options').send({}).expect(200)).body;
    const { passkey, response } = createPasskey(options, { origin });
    const added = await member.agent.post('/api/me/passkeys').send({ response, name }).expect(201);
    return { passkey, id: added.body.id as number };
  }

  const signInOptions = async () => (await http().post('/api/login/passkey/options').send({}).expect(200)).body as { challenge: string; rpId: string };

  it('adds a passkey, lists it without its key, and signs in with it without a username: a new session and device cookie', async () => {
    const member = await signUp(t);
    const options = (await member.agent.post('/api/me/passkeys/options').send({}).expect(200)).body;
    expect(options).toEqual(
      expect.objectContaining({
        rp: { id: new URL(t.settings.publicUrl).hostname, name: 'Cloud 9 Social' },
        user: expect.objectContaining({ name: member.user.username }),
        authenticatorSelection: expect.objectContaining({ residentKey: 'required', userVerification: 'required' }),
      }),
    );
    // The WebAuthn user id is random, not the account's row id.
    expect(Buffer.from(options.user.id as string, 'base64url').length).toBe(32);
    const { passkey, response } = createPasskey(options, { origin });
    const added = await member.agent.post('/api/me/passkeys').send({ response, name: '  My phone  ' }).expect(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'My phone', createdAt: expect.any(String), lastUsedAt: null, synced: false });
    const listed = await member.agent.get('/api/me/passkeys').expect(200);
    expect(listed.body).toEqual({ items: [added.body] });
    expect(JSON.stringify(listed.body)).not.toContain(response.id);

    const given = await signInOptions();
    expect(given).toEqual(expect.objectContaining({ rpId: new URL(t.settings.publicUrl).hostname, userVerification: 'required' }));
    expect(given.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signedIn = await http().post('/api/login/passkey').send({ response: assert(passkey, given, { origin }) }).expect(200);
    expect(signedIn.body).toEqual(expect.objectContaining({ id: member.user.id, username: member.user.username }));
    const cookie = sessionCookieOf(signedIn);
    expect(([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).some((c) => /^(__Host-)?c9\.device=/.test(c))).toBe(true);
    expect((await http().get('/api/me').set('Cookie', cookie).expect(200)).body.id).toBe(member.user.id);
    expect((await member.agent.get('/api/me/passkeys').expect(200)).body.items[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('a sign-in answer is good once: the same answer again, or one to a challenge the server never gave, is 401', async () => {
    const member = await signUp(t);
    const { passkey } = await addPasskey(member);
    const given = await signInOptions();
    const answer = assert(passkey, given, { origin });
    await http().post('/api/login/passkey').send({ response: answer }).expect(200);
    const replayed = await http().post('/api/login/passkey').send({ response: answer }).expect(401);
    expect(replayed.body.error).toBe(PASSKEY_MESSAGES.failed);
    const invented = await http().post('/api/login/passkey').send({ response: assert(passkey, { challenge: Buffer.alloc(32, 7).toString('base64url') }, { origin }) }).expect(401);
    expect(invented.body.error).toBe(PASSKEY_MESSAGES.failed);
  });

  it("refuses an answer from another origin, one whose owner was not verified, one signed by another key, or an older counter; each takes its challenge with it", async () => {
    const member = await signUp(t);
    const { passkey } = await addPasskey(member);
    const other = await addPasskey(await signUp(t));
    const refused = async (answer: (given: { challenge: string }) => object) => {
      const given = await signInOptions();
      const res = await http().post('/api/login/passkey').send({ response: answer(given) }).expect(401);
      expect(res.body.error).toBe(PASSKEY_MESSAGES.failed);
      // The challenge is spent: a good answer to it is refused too.
      await http().post('/api/login/passkey').send({ response: assert(passkey, given, { origin }) }).expect(401);
    };
    await refused((given) => assert(passkey, given, { origin: 'https://evil.example' }));
    await refused((given) => assert(passkey, given, { origin, verified: false }));
    // Another passkey's signature presented under this one's credential id.
    await refused((given) => ({ ...assert(other.passkey, given, { origin }), id: passkey.id.toString('base64url'), rawId: passkey.id.toString('base64url') }));
    await http().post('/api/login/passkey').send({ response: assert(passkey, await signInOptions(), { origin, counter: 10 }) }).expect(200);
    await refused((given) => assert(passkey, given, { origin, counter: 9 }));
  });

  it('adding needs the latest options of the same account, once; a credential already added is 409', async () => {
    const member = await signUp(t);
    const options = (await member.agent.post('/api/me/passkeys/options').send({}).expect(200)).body;
    const { passkey, response } = createPasskey(options, { origin });
    // Another account cannot answer this account's options.
    const stranger = await signUp(t);
    const notTheirs = await stranger.agent.post('/api/me/passkeys').send({ response, name: 'stolen' }).expect(400);
    expect(notTheirs.body.error).toBe(PASSKEY_MESSAGES.failed);
    await member.agent.post('/api/me/passkeys').send({ response, name: 'one' }).expect(201);
    // Options are used up by the answer.
    expect((await member.agent.post('/api/me/passkeys').send({ response, name: 'again' }).expect(400)).body.error).toBe(PASSKEY_MESSAGES.failed);
    // The same credential to fresh options (an authenticator that ignores the excluded list): already there.
    const fresh = (await member.agent.post('/api/me/passkeys/options').send({}).expect(200)).body;
    expect(fresh.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
    const again = createPasskey(fresh, { origin, reuse: passkey });
    expect((await member.agent.post('/api/me/passkeys').send({ response: again.response, name: 'again' }).expect(409)).body.error).toBe(PASSKEY_MESSAGES.alreadyAdded);
    const unverified = createPasskey((await member.agent.post('/api/me/passkeys/options').send({}).expect(200)).body, { origin, verified: false });
    expect((await member.agent.post('/api/me/passkeys').send({ response: unverified.response, name: 'no pin' }).expect(400)).body.error).toBe(PASSKEY_MESSAGES.failed);
    expect(await countRows(t, 'passkeys', 'user_id = $1', [member.user.id])).toBe(1);
  });

  it('the same passkey added to a second account is 409', async () => {
    const member = await signUp(t);
    const { passkey } = await addPasskey(member);
    const second = await signUp(t);
    const theirs = (await second.agent.post('/api/me/passkeys/options').send({}).expect(200)).body;
    const twin = createPasskey(theirs, { origin, reuse: passkey });
    expect((await second.agent.post('/api/me/passkeys').send({ response: twin.response, name: 'twin' }).expect(409)).body.error).toBe(PASSKEY_MESSAGES.alreadyAdded);
    expect(await countRows(t, 'passkeys', 'user_id = $1', [second.user.id])).toBe(0);
  });

  it(`an account keeps at most ${PASSKEY_RULES.perAccountMax} passkeys`, async () => {
    const member = await signUp(t);
    for (let i = 0; i < PASSKEY_RULES.perAccountMax; i++) await addPasskey(member, `key ${i}`);
    const full = await member.agent.post('/api/me/passkeys/options').send({}).expect(409);
    expect(full.body.error).toBe(PASSKEY_MESSAGES.tooMany);
  });

  it("a member removes their own passkey (another's is 404), and it no longer signs in", async () => {
    const member = await signUp(t);
    const { passkey, id } = await addPasskey(member);
    const stranger = await signUp(t);
    expect((await stranger.agent.delete(`/api/me/passkeys/${id}`).expect(404)).body.error).toBe(PASSKEY_MESSAGES.notFound);
    await member.agent.delete(`/api/me/passkeys/${id}`).expect(200, { success: true });
    expect((await member.agent.get('/api/me/passkeys').expect(200)).body.items).toEqual([]);
    const gone = await http().post('/api/login/passkey').send({ response: assert(passkey, await signInOptions(), { origin }) }).expect(401);
    expect(gone.body.error).toBe(PASSKEY_MESSAGES.unknown);
  });

  it("a suspended member's passkey gets 403 with the suspension's end and no session; a deleted account's passkeys go with it", async () => {
    const member = await signUp(t);
    const { passkey } = await addPasskey(member);
    const staff = await signUp(t, { groupId: 1 });
    await t.db.query(`INSERT INTO suspensions (user_id, until, by_id) VALUES ($1, now() + interval '3 days', $2)`, [member.user.id, staff.user.id]);
    const res = await http().post('/api/login/passkey').send({ response: assert(passkey, await signInOptions(), { origin }) }).expect(403);
    const [{ until }] = (await t.db.query('SELECT until FROM suspensions WHERE user_id = $1', [member.user.id])) as { until: Date }[];
    expect(res.body.error).toBe(MODERATION_MESSAGES.suspended(until.toISOString()));
    expect(res.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/c9\.sid|__Host-c9\.sid/));

    const leaving = await signUp(t);
    await addPasskey(leaving);
    await leaving.agent.delete(`/api/users/${leaving.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    expect(await countRows(t, 'passkeys', 'user_id = $1', [leaving.user.id])).toBe(0);
  });

  it('with two-factor on, the password step offers a passkey, and a passkey sign-in needs no code (it is both factors)', async () => {
    const member = await signUp(t);
    const setup = (await member.agent.post('/api/me/2fa/totp/setup').expect(200)).body as { secret: string };
    const code = new Totp({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) }).generate();
    await member.agent.post('/api/me/2fa/totp/enable').send({ code }).expect(200);
    const password = () => http().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    expect((await password()).body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    const { passkey } = await addPasskey(member);
    expect((await password()).body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery', 'passkey'] });
    const signedIn = await http().post('/api/login/passkey').send({ response: assert(passkey, await signInOptions(), { origin }) }).expect(200);
    expect((await http().get('/api/me').set('Cookie', sessionCookieOf(signedIn)).expect(200)).body.id).toBe(member.user.id);
  });

  it('signed out, the account routes are 401; a malformed answer is 400 with the catalogue message', async () => {
    for (const [method, path] of [['post', '/api/me/passkeys/options'], ['post', '/api/me/passkeys'], ['get', '/api/me/passkeys'], ['delete', '/api/me/passkeys/1']] as const) {
      expect((await http()[method](path).send({}).expect(401)).body.error).toBe(MESSAGES.auth.notSignedIn);
    }
    const member = await signUp(t);
    for (const response of [undefined, null, 'x', { id: 'a b' }, { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'x'.repeat(5000), attestationObject: 'a' } }]) {
      const res = await member.agent.post('/api/me/passkeys').send({ response, name: 'n' }).expect(400);
      expect(res.body.error).toBe(PASSKEY_MESSAGES.invalidResponse);
      expect((await http().post('/api/login/passkey').send({ response }).expect(400)).body.error).toBe(PASSKEY_MESSAGES.invalidResponse);
    }
    expect((await member.agent.post('/api/me/passkeys').send({ name: '   ' }).expect(400)).body.error).toBe(PASSKEY_MESSAGES.invalidResponse);
    const options = (await member.agent.post('/api/me/passkeys/options').send({}).expect(200)).body;
    const { response } = createPasskey(options, { origin });
    expect((await member.agent.post('/api/me/passkeys').send({ response, name: '   ' }).expect(400)).body.error).toBe(PASSKEY_MESSAGES.nameRequired);
    expect((await member.agent.post('/api/me/passkeys').send({ response, name: 'x'.repeat(61) }).expect(400)).body.error).toBe(PASSKEY_MESSAGES.nameTooLong);
  });
});
