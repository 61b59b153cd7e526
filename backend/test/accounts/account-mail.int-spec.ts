import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import request from 'supertest';
import { MAIL_QUEUE, MESSAGES, ACCOUNT_MAIL_PATHS, passwordProblem } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { AccountMailService } from '../../src/modules/users/account-mail.service';
import { bootApp, PASSWORD, uniqueName, type TestApp } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';
import { closed, SocketClients } from '../support/instances';
import { LoopbackSmtp, readMail } from '../support/smtp';

const NEW_PASSWORD = 'a-fresh-password-30';
const VERIFY = /verify your email|Confirm your new email/i;
const RESET = /Reset your/i;

describe('the account mail: verification, e-mail change, password reset (through the mail queue, to a real SMTP server)', () => {
  const smtp = new LoopbackSmtp();
  const clients = new SocketClients();
  let t: TestApp;
  let url: string;
  let log = '';

  beforeAll(async () => {
    await smtp.start();
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    t = await bootApp(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Cloud 9 Social <no-reply@cloud9.test>',
        // Every request's line and the app's info lines: a token must appear in none.
        LOG_LEVEL: 'info',
        RATE_LIMIT_EMAIL_RESEND: '3/1h',
        RATE_LIMIT_PASSWORD_FORGOT: '5/1h',
      },
      { logDestination: capture },
    );
    const server: Server = await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    clients.closeSockets();
    await t?.close();
    await smtp.stop();
  });

  const http = () => request(t.app.getHttpServer());

  async function register(prefix = 'mail') {
    const username = uniqueName(prefix);
    const email = `${username}@example.com`;
    const agent = t.agent();
    const res = await agent.post('/api/users').send({ username, email, password: PASSWORD }).expect(201);
    await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { agent, username, email, id: res.body.user.id as number, created: res.body.user as { emailVerified: boolean; pendingEmail: string | null } };
  }

  /** The mail queue has nothing left to do. */
  const queueIdle = async () => {
    const c = await t.app.get(JobsService).queue(MAIL_QUEUE).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return c.waiting + c.active + c.delayed + c.prioritized === 0;
  };

  it('sign-up mails a verification link (text and HTML, PUBLIC_URL/verify-email?token=); following it verifies the address once', async () => {
    const user = await register();
    expect(user.created).toMatchObject({ emailVerified: false, pendingEmail: null });
    const [mail] = await smtp.waitFor(user.email, VERIFY);
    expect(mail.link).toMatch(new RegExp(`^${t.settings.publicUrl}${ACCOUNT_MAIL_PATHS.verifyEmail}\\?token=`));
    expect(mail.token!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    expect(mail.html).toContain(mail.link!.replace(/&/g, '&amp;'));
    expect(mail.html).toContain('Cloud 9 Social');
    expect(mail.text).toContain(user.username);
    expect((await user.agent.get('/api/me').expect(200)).body.emailVerified).toBe(false);

    const ok = await http().post('/api/email/verify').send({ token: mail.token }).expect(200);
    expect(ok.body).toEqual({ success: true, message: MESSAGES.accountMail.verified });
    expect((await user.agent.get('/api/me').expect(200)).body.emailVerified).toBe(true);
    // Stored hashed: the token itself is nowhere in the table.
    const rows = await t.db.query(`SELECT encode(token_hash, 'hex') AS hash FROM account_tokens WHERE user_id = $1`, [user.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(mail.token);

    const again = await http().post('/api/email/verify').send({ token: mail.token }).expect(400);
    expect(again.body).toEqual({ success: false, error: MESSAGES.accountMail.verifyLinkUsed, statusCode: 400 });
  });

  it('a wrong, empty or malformed token is 400 with its catalogue message', async () => {
    expect((await http().post('/api/email/verify').send({ token: 'not-a-token-we-issued' }).expect(400)).body.error).toBe(MESSAGES.accountMail.verifyLinkInvalid);
    expect((await http().post('/api/email/verify').send({ token: '' }).expect(400)).body.error).toBe(MESSAGES.accountMail.tokenMissing);
    expect((await http().post('/api/email/verify').send({ token: 'x'.repeat(500) }).expect(400)).body.error).toBe(MESSAGES.accountMail.verifyLinkInvalid);
    expect((await http().post('/api/email/verify').send({}).expect(400)).body.error).toBe(MESSAGES.accountMail.tokenMissing);
    expect((await http().post('/api/password/reset').send({ token: 'nope', password: NEW_PASSWORD }).expect(400)).body.error).toBe(MESSAGES.accountMail.resetLinkInvalid);
  });

  it('an expired verification link is 400 (24 hours, by the database clock); resend sends a working one, 3 an hour', async () => {
    const user = await register();
    const [first] = await smtp.waitFor(user.email, VERIFY);
    await t.db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const expired = await http().post('/api/email/verify').send({ token: first.token }).expect(400);
    expect(expired.body.error).toBe(MESSAGES.accountMail.verifyLinkExpired);
    const [lifetime] = await t.db.query(`SELECT 1 FROM account_tokens WHERE user_id = $1 AND created_at + interval '24 hours' >= expires_at - interval '1 hour'`, [user.id]);
    expect(lifetime).toBeDefined();

    for (let i = 0; i < 3; i++) {
      const sent = await user.agent.post('/api/me/email/resend').expect(202);
      expect(sent.body).toEqual({ success: true, message: MESSAGES.accountMail.verificationSent });
    }
    const refused = await user.agent.post('/api/me/email/resend').expect(429);
    expect(refused.body.error).toBe(MESSAGES.accountMail.tooManyResends);
    const mails = await smtp.waitFor(user.email, VERIFY, 4);
    await http().post('/api/email/verify').send({ token: mails[3].token }).expect(200);
    expect((await user.agent.get('/api/me').expect(200)).body.emailVerified).toBe(true);
    await http().post('/api/me/email/resend').expect(401);
  });

  it('an e-mail change needs the current password (403), waits for the new address\'s link, and tells the old address', async () => {
    const user = await register();
    const [signUpMail] = await smtp.waitFor(user.email, VERIFY);
    await http().post('/api/email/verify').send({ token: signUpMail.token }).expect(200);
    const newEmail = `${uniqueName('new')}@example.org`;

    const missing = await user.agent.put(`/api/users/${user.username}`).send({ email: newEmail }).expect(403);
    expect(missing.body.error).toBe(MESSAGES.accountMail.currentPasswordForEmail);
    const wrong = await user.agent.put(`/api/users/${user.username}`).send({ email: newEmail, currentPassword: 'not-it' }).expect(403);
    expect(wrong.body.error).toBe(MESSAGES.auth.currentPasswordWrong);
    // Other fields keep their contract: no password needed.
    await user.agent.put(`/api/users/${user.username}`).send({ name: 'Mail Tester' }).expect(200);

    const changed = await user.agent.put(`/api/users/${user.username}`).send({ email: newEmail, currentPassword: PASSWORD }).expect(200);
    expect(changed.body).toMatchObject({ email: user.email, pendingEmail: newEmail, emailVerified: true, name: 'Mail Tester' });
    const [notice] = await smtp.waitFor(user.email, /being changed/);
    expect(notice.text).toContain(newEmail);
    expect(notice.token).toBeNull();
    const [link] = await smtp.waitFor(newEmail, VERIFY);
    // Until then the old address stays: sign-in by it works, by the new one not.
    await t.agent().post('/api/login').send({ username: user.email, password: PASSWORD }).expect(200);
    await t.agent().post('/api/login').send({ username: newEmail, password: PASSWORD }).expect(401);

    const ok = await http().post('/api/email/verify').send({ token: link.token }).expect(200);
    expect(ok.body.message).toBe(MESSAGES.accountMail.emailChanged);
    const me = (await user.agent.get('/api/me').expect(200)).body;
    expect(me).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
  });

  it('forgot password: the same 202 body for an account and for nobody; the link resets once, voids older ones, ends every session and socket, mails the change, verifies the address', async () => {
    const user = await register('reset');
    const otherLogin = await t.agent().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
    const otherCookie = sessionCookieOf(otherLogin);
    const socket = await clients.connect(url, otherCookie);
    const socketClosed = closed(socket, 10_000);

    const nobody = await http().post('/api/password/forgot').send({ login: `${uniqueName('ghost')}@example.com` }).expect(202);
    const first = await http().post('/api/password/forgot').send({ login: user.username }).expect(202);
    expect(first.body).toEqual(nobody.body);
    expect(first.body).toEqual({ success: true, message: MESSAGES.accountMail.resetSent });
    const [older] = await smtp.waitFor(user.email, RESET);
    await http().post('/api/password/forgot').send({ login: user.email.toUpperCase() }).expect(202);
    const resets = await smtp.waitFor(user.email, RESET, 2);
    expect(resets[1].link).toMatch(new RegExp(`^${t.settings.publicUrl}${ACCOUNT_MAIL_PATHS.resetPassword}\\?token=`));

    const voided = await http().post('/api/password/reset').send({ token: older.token, password: NEW_PASSWORD }).expect(400);
    expect(voided.body.error).toBe(MESSAGES.accountMail.resetLinkUsed);
    const weak = await http().post('/api/password/reset').send({ token: resets[1].token, password: 'short' }).expect(400);
    expect(weak.body.error).toBe(passwordProblem('short'));

    const done = await http().post('/api/password/reset').send({ token: resets[1].token, password: NEW_PASSWORD }).expect(200);
    expect(done.body).toEqual({ success: true, message: MESSAGES.accountMail.passwordReset });
    await user.agent.get('/api/me').expect(401);
    await http().get('/api/me').set('Cookie', otherCookie).expect(401);
    await socketClosed;
    await t.agent().post('/api/login').send({ username: user.username, password: PASSWORD }).expect(401);
    const fresh = t.agent();
    const me = await fresh.post('/api/login').send({ username: user.username, password: NEW_PASSWORD }).expect(200);
    expect(me.body.emailVerified).toBe(true);
    const [changedMail] = await smtp.waitFor(user.email, /password was changed/);
    expect(changedMail.token).toBeNull();

    const reused = await http().post('/api/password/reset').send({ token: resets[1].token, password: 'yet-another-password-1' }).expect(400);
    expect(reused.body.error).toBe(MESSAGES.accountMail.resetLinkUsed);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM account_tokens WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL`, [user.id]);
    expect(count).toBe(0);
  });

  it('an expired reset link is 400; forgot is limited per account (its username and e-mail count as one)', async () => {
    const user = await register('limit');
    await http().post('/api/password/forgot').send({ login: user.username }).expect(202);
    const [mail] = await smtp.waitFor(user.email, RESET);
    await t.db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'reset-password'`, [user.id]);
    expect((await http().post('/api/password/reset').send({ token: mail.token, password: NEW_PASSWORD }).expect(400)).body.error).toBe(MESSAGES.accountMail.resetLinkExpired);

    for (let i = 0; i < 2; i++) await http().post('/api/password/forgot').send({ login: user.username }).expect(202);
    for (let i = 0; i < 2; i++) await http().post('/api/password/forgot').send({ login: user.email }).expect(202);
    const refused = await http().post('/api/password/forgot').send({ login: user.email }).expect(429);
    expect(refused.body.error).toBe(MESSAGES.accountMail.tooManyResets);
  });

  it('with the mail server down nothing is lost and the requests answer as usual: the mails arrive once it is back, none twice', async () => {
    await smtp.stop();
    const before = smtp.received.length;
    const user = await register('down');
    await http().post('/api/password/forgot').send({ login: user.username }).expect(202);
    await t.app.get(AccountMailService).settled();
    // Both jobs have failed an attempt against the stopped server and wait for their retry.
    const jobs = t.app.get(JobsService).queue(MAIL_QUEUE);
    expect(await eventually(async () => (await jobs.getJobs(['delayed'])).filter((j) => j.data.to === user.email && j.attemptsMade >= 1).length === 2, 30_000)).toBe(true);
    expect(smtp.received.length).toBe(before);

    await smtp.start();
    await smtp.waitFor(user.email, VERIFY);
    await smtp.waitFor(user.email, RESET);
    expect(await eventually(queueIdle, 30_000)).toBe(true);
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
  });

  it('a retried or re-run mail job sends nothing the second time', async () => {
    const user = await register('once');
    const [mail] = await smtp.waitFor(user.email, VERIFY);
    const jobId = mail.messageId.replace(/^<|@.*$/g, '');
    const count = smtp.to(user.email).length;
    // The same job again (as after a lost answer or a dead worker): it finds its mark and sends nothing.
    const again = await t.app.get(JobsService).runAndWait(MAIL_QUEUE, 'send', { template: 'password-changed', to: user.email, username: user.username }, 20_000, { jobId });
    expect(again.result).toEqual({ sent: false, messageId: mail.messageId });
    expect(smtp.to(user.email)).toHaveLength(count);
  });

  it('tells the member by mail of a sign-in from a new device, their data export ready, and their account deleted', async () => {
    const user = await register('notice');
    // The browser that registered signed in again (it has the device cookie): no mail. A fresh one does.
    await http().post('/api/login').set('User-Agent', 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36').send({ username: user.username, password: PASSWORD }).expect(200);
    const [signIn] = await smtp.waitFor(user.email, /New sign-in/);
    expect(signIn.text).toContain('Chrome on Android');
    expect(signIn.text).toContain(`${t.settings.publicUrl}/settings`);
    expect(smtp.to(user.email).filter((m) => /New sign-in/.test(m.subject))).toHaveLength(1);

    await user.agent.post('/api/me/export').send({}).expect(202);
    const [ready] = await smtp.waitFor(user.email, /data is ready/);
    expect(ready.text).toContain(`${t.settings.publicUrl}/settings`);
    expect(ready.html).toContain('Download my data');

    await user.agent.delete(`/api/users/${user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    const [gone] = await smtp.waitFor(user.email, /account was deleted/);
    expect(gone.text).toContain(`Hi ${user.username},`);
  });

  it('no token of any mail reached the log', async () => {
    const tokens = smtp.received.map((m) => m.token).filter((x): x is string => !!x);
    expect(tokens.length).toBeGreaterThan(5);
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/api/password/reset');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

describe('without SMTP_URL, and with EMAIL_VERIFICATION=required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootApp({ SMTP_URL: '', EMAIL_VERIFICATION: 'required', RATE_LIMIT_PASSWORD_FORGOT_IP: '3/1h' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The .eml files written for `address` (MAIL_DIR of this run). */
  async function emlFor(address: string): Promise<string[]> {
    const names = await fs.readdir(t.settings.mailDir).catch(() => [] as string[]);
    const texts = await Promise.all(names.filter((n) => n.endsWith('.eml')).map((n) => fs.readFile(path.join(t.settings.mailDir, n), 'utf8')));
    return texts.filter((text) => text.includes(`To: ${address}`));
  }

  it('each mail is an .eml file under MAIL_DIR; until verified, posting, replying, following, liking and paid plans are 403', async () => {
    const username = uniqueName('req');
    const email = `${username}@example.com`;
    const agent = t.agent();
    await agent.post('/api/users').send({ username, email, password: PASSWORD }).expect(201);
    const me = (await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200)).body as { id: number };
    let files: string[] = [];
    expect(await eventually(async () => (files = await emlFor(email)).length === 1, 20_000)).toBe(true);
    const parsed = await readMail(files[0]);
    expect(parsed.html).toContain('Cloud 9 Social');
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(parsed.text)![1];

    const post = await agent.post('/api/posts').send({ content: 'hello' }).expect(403);
    expect(post.body.error).toBe(MESSAGES.accountMail.verificationRequired);
    const [{ id: someone }] = await t.db.query(`SELECT id FROM users WHERE id <> $1 ORDER BY id LIMIT 1`, [me.id]);
    expect((await agent.post('/api/follow').send({ followerId: me.id, followedId: someone }).expect(403)).body.error).toBe(MESSAGES.accountMail.verificationRequired);
    expect((await agent.post('/api/subscriptions').send({ subscriptionId: 'I-NOPE', groupId: 3 }).expect(403)).body.error).toBe(MESSAGES.accountMail.verificationRequired);
    // Reading is not held back.
    await agent.get('/api/me').expect(200);

    await t.agent().post('/api/email/verify').send({ token }).expect(200);
    const created = await agent.post('/api/posts').send({ content: 'verified now' }).expect(201);
    await agent.post(`/api/posts/${created.body.id}/like`).send({}).expect(200);
    await agent.post(`/api/posts/${created.body.id}/reply`).send({ content: 'and replying' }).expect(201);
  });

  it('forgot is limited per client address whatever the name', async () => {
    for (let i = 0; i < 3; i++) await t.agent().post('/api/password/forgot').send({ login: uniqueName('ip') }).expect(202);
    const refused = await t.agent().post('/api/password/forgot').send({ login: uniqueName('ip') }).expect(429);
    expect(refused.body.error).toBe(MESSAGES.accountMail.tooManyResets);
  });
});
