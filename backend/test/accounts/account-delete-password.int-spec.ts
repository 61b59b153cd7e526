import { Writable } from 'node:stream';
import { GroupId, MESSAGES } from '@cloud9/contracts';
import { bootApp, PASSWORD, signUp, type TestApp } from '../support/app';
import { MailService } from '../../src/modules/mail/mail.service';
import { countRows, eventually } from '../support/harness';

describe('DELETE /api/users/:id needs its owner\'s password', () => {
  let t: TestApp;
  let logged = '';

  beforeAll(async () => {
    const log = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    t = await bootApp({ LOG_LEVEL: 'info', RATE_LIMIT_PASSWORD: '3/1h' }, { logDestination: log });
  });
  afterAll(() => t?.close());

  const exists = async (id: number) => (await countRows(t, 'users', 'id = $1', [id])) === 1;

  it('refuses the owner without the password or with a wrong one (403, the account stays), deletes with the right one and mails the confirmation', async () => {
    const me = await signUp(t);
    const missing = await me.agent.delete(`/api/users/${me.user.id}`).expect(403);
    expect(missing.body.error).toBe(MESSAGES.accountData.deletePasswordRequired);
    const wrong = await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: 'not my password' }).expect(403);
    expect(wrong.body.error).toBe(MESSAGES.auth.currentPasswordWrong);
    expect(await exists(me.user.id)).toBe(true);
    await me.agent.get('/api/me').expect(200);

    const mails = jest.spyOn(t.app.get(MailService), 'send');
    await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    expect(await exists(me.user.id)).toBe(false);
    // The confirmation goes to the address the account had (it travels in the event), never into the log.
    expect(await eventually(async () => mails.mock.calls.length > 0)).toBe(true);
    expect(mails.mock.calls).toEqual([[`account-deleted-${me.user.id}`, { template: 'account-deleted', to: me.user.email, username: me.user.username }]]);
    mails.mockRestore();
    expect(logged).not.toContain(me.user.email);
  });

  it('counts the attempts against RATE_LIMIT_PASSWORD: a stolen session cannot guess the password', async () => {
    const me = await signUp(t);
    for (let i = 0; i < 3; i++) await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: `guess ${i}` }).expect(403);
    await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: PASSWORD }).expect(429);
    expect(await exists(me.user.id)).toBe(true);
  });

  it("lets the admin delete another account without a password (no owner's confirmation)", async () => {
    const admin = await signUp(t, { groupId: GroupId.Admin });
    const target = await signUp(t);
    await admin.agent.delete(`/api/users/${target.user.id}`).expect(200);
    expect(await exists(target.user.id)).toBe(false);
    expect(logged).not.toContain(`account ${target.user.id} was deleted by its owner`);
  });

  it('refuses a password that is not text (400), as the password change does', async () => {
    const me = await signUp(t);
    await me.agent.delete(`/api/users/${me.user.id}`).send({ currentPassword: 12345678 }).expect(400);
    expect(await exists(me.user.id)).toBe(true);
  });
});
