import { MESSAGES } from '@cloud9/contracts';
import { PASSWORD, signUp, SignedIn, uniqueName } from '../support/app';
import { bootWatched, WatchedApp } from '../support/harness';

const PUBLIC_KEYS = ['id', 'username', 'name', 'bio', 'thumbnail', 'background', 'location', 'website', 'group_id', 'followersCount', 'followingCount'];
const PRIVATE_KEYS = ['email', 'phone', 'birthdate'];

describe('profiles', () => {
  let t: WatchedApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await bootWatched();
    owner = await signUp(t, { username: uniqueName('Owner') });
    stranger = await signUp(t);
    admin = await signUp(t, { groupId: 1 });
    await owner.agent
      .put(`/api/users/${owner.user.username}`)
      .send({ name: 'Owner Name', bio: 'Above the clouds', phone: '+1 555 0100', birthdate: '1990-05-17', location: 'Nimbus', website: 'https://owner.example' })
      .expect(200);
  });
  afterAll(() => t?.close());

  describe('GET /api/profile/:username', () => {
    it('gives public fields and follow counts to anyone, case-insensitively', async () => {
      await t.db.query('UPDATE users SET followers_count = 3, following_count = 2 WHERE id = $1', [owner.user.id]);
      const res = await t.request().get(`/api/profile/${owner.user.username.toUpperCase()}`).expect(200);
      for (const key of PUBLIC_KEYS) expect(res.body).toHaveProperty(key);
      expect(res.body).toEqual(
        expect.objectContaining({
          id: owner.user.id,
          username: owner.user.username,
          name: 'Owner Name',
          bio: 'Above the clouds',
          location: 'Nimbus',
          website: 'https://owner.example/',
          group_id: 5,
          followersCount: 3,
          followingCount: 2,
        }),
      );
      await t.db.query('UPDATE users SET followers_count = 0, following_count = 0 WHERE id = $1', [owner.user.id]);
    });

    it('hides email, phone and birthdate from anonymous visitors', async () => {
      const res = await t.request().get(`/api/profile/${owner.user.username}`).expect(200);
      for (const key of PRIVATE_KEYS) expect(res.body).not.toHaveProperty(key);
      expect(res.text).not.toContain(owner.user.email);
      expect(res.text).not.toContain('555 0100');
    });

    it('hides email, phone and birthdate from another signed-in user', async () => {
      const res = await stranger.agent.get(`/api/profile/${owner.user.username}`).expect(200);
      for (const key of PRIVATE_KEYS) expect(res.body).not.toHaveProperty(key);
      expect(res.text).not.toContain(owner.user.email);
    });

    it('shows email, phone and birthdate to the owner', async () => {
      const res = await owner.agent.get(`/api/profile/${owner.user.username.toLowerCase()}`).expect(200);
      expect(res.body).toEqual(expect.objectContaining({ email: owner.user.email, phone: '+1 555 0100', birthdate: '1990-05-17' }));
    });

    it('shows email, phone and birthdate to an admin (group 1)', async () => {
      expect(admin.user.group_id).toBe(1);
      const res = await admin.agent.get(`/api/profile/${owner.user.username}`).expect(200);
      expect(res.body).toEqual(expect.objectContaining({ email: owner.user.email, phone: '+1 555 0100', birthdate: '1990-05-17' }));
    });

    it('gives staff (group 2) no private fields', async () => {
      const staff = await signUp(t, { groupId: 2 });
      const res = await staff.agent.get(`/api/profile/${owner.user.username}`).expect(200);
      for (const key of PRIVATE_KEYS) expect(res.body).not.toHaveProperty(key);
    });

    it("tells a signed-in viewer whether they mute the account (viewer flags), and nobody else; a block makes the profile a 404 both ways", async () => {
      const viewer = await signUp(t);
      const target = await signUp(t);
      const flags = async () => (await viewer.agent.get(`/api/profile/${target.user.username}`).expect(200)).body.viewer;
      expect(await flags()).toEqual({ muted: false, blocked: false });
      await viewer.agent.post(`/api/mutes/${target.user.id}`).expect(200);
      expect(await flags()).toEqual({ muted: true, blocked: false });
      // Only the viewer's own lists count: the other side, a stranger, a visitor and the owner see no such flags.
      expect((await target.agent.get(`/api/profile/${viewer.user.username}`).expect(200)).body.viewer).toEqual({ muted: false, blocked: false });
      expect((await stranger.agent.get(`/api/profile/${target.user.username}`).expect(200)).body.viewer).toEqual({ muted: false, blocked: false });
      expect((await t.request().get(`/api/profile/${target.user.username}`).expect(200)).body).not.toHaveProperty('viewer');
      expect((await target.agent.get(`/api/profile/${target.user.username}`).expect(200)).body).not.toHaveProperty('viewer');
      await viewer.agent.post(`/api/blocks/${target.user.id}`).expect(200);
      expect((await viewer.agent.get(`/api/profile/${target.user.username}`).expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
      expect((await target.agent.get(`/api/profile/${viewer.user.username}`).expect(404)).body.error).toBe(MESSAGES.profile.userNotFound);
      await viewer.agent.delete(`/api/mutes/${target.user.id}`).expect(200);
      await viewer.agent.delete(`/api/blocks/${target.user.id}`).expect(200);
      expect(await flags()).toEqual({ muted: false, blocked: false });
    });

    it('answers 404 for an unknown user', async () => {
      const res = await t.request().get(`/api/profile/${uniqueName('nobody')}`).expect(404);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.profile.userNotFound }));
    });
  });

  describe('PUT /api/users/:username', () => {
    it('saves multipart fields for the owner; they persist in GET /api/me', async () => {
      const me = await signUp(t);
      const res = await me.agent
        .put(`/api/users/${me.user.username}`)
        .field('name', 'Multi Part')
        .field('bio', 'Sent as a form')
        .field('birthdate', '1985-12-31')
        .field('phone', '0123 456')
        .field('location', 'Cirrus')
        .field('website', 'cloud9.example')
        .expect(200);
      expect(res.body).toEqual(expect.objectContaining({ name: 'Multi Part', bio: 'Sent as a form', birthdate: '1985-12-31', website: 'https://cloud9.example/' }));
      const after = await me.agent.get('/api/me').expect(200);
      expect(after.body).toEqual(
        expect.objectContaining({
          name: 'Multi Part',
          bio: 'Sent as a form',
          birthdate: '1985-12-31',
          phone: '0123 456',
          location: 'Cirrus',
          website: 'https://cloud9.example/',
          email: me.user.email,
        }),
      );
    });

    it('saves JSON fields, asks for a new email (kept pending until its link is followed: account-mail.int-spec.ts), and clears a field with an empty string', async () => {
      const me = await signUp(t);
      const newEmail = `${uniqueName('new')}@example.com`;
      await me.agent.put(`/api/users/${me.user.username}`).send({ name: 'Jay Son', location: 'Stratus', email: newEmail, currentPassword: PASSWORD }).expect(200);
      let after = await me.agent.get('/api/me').expect(200);
      expect(after.body).toEqual(expect.objectContaining({ name: 'Jay Son', location: 'Stratus', email: me.user.email, pendingEmail: newEmail }));
      await me.agent.put(`/api/users/${me.user.username.toUpperCase()}`).send({ location: '' }).expect(200);
      after = await me.agent.get('/api/me').expect(200);
      expect(after.body).toEqual(expect.objectContaining({ name: 'Jay Son', location: null, email: me.user.email, pendingEmail: newEmail }));
      const [row] = await t.db.query('SELECT email, pending_email, name FROM users WHERE id = $1', [me.user.id]);
      expect(row).toEqual({ email: me.user.email, pending_email: newEmail, name: 'Jay Son' });
      // Asking for the current address again cancels the change (no password needed: nothing changes hands).
      await me.agent.put(`/api/users/${me.user.username}`).send({ email: me.user.email.toUpperCase() }).expect(200);
      expect((await me.agent.get('/api/me').expect(200)).body.pendingEmail).toBeNull();
    });

    it('refuses another signed-in user with 403 and changes nothing', async () => {
      const res = await stranger.agent.put(`/api/users/${owner.user.username}`).send({ name: 'Hijacked' }).expect(403);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.profile.onlyOwnerEdits }));
      const multipart = await stranger.agent.put(`/api/users/${owner.user.username}`).field('bio', 'Hijacked').expect(403);
      expect(multipart.body.error).toBe(MESSAGES.profile.onlyOwnerEdits);
      const [row] = await t.db.query('SELECT name, bio FROM users WHERE id = $1', [owner.user.id]);
      expect(row).toEqual({ name: 'Owner Name', bio: 'Above the clouds' });
    });

    it('refuses an anonymous request with 401', async () => {
      const res = await t.request().put(`/api/users/${owner.user.username}`).send({ name: 'Anon' }).expect(401);
      expect(res.body.error).toBe(MESSAGES.auth.notSignedIn);
      const [row] = await t.db.query('SELECT name FROM users WHERE id = $1', [owner.user.id]);
      expect(row.name).toBe('Owner Name');
    });

    it('refuses an email that another account uses (any case) with 409', async () => {
      const me = await signUp(t);
      const res = await me.agent.put(`/api/users/${me.user.username}`).send({ email: stranger.user.email.toUpperCase(), name: 'Should Not Save', currentPassword: PASSWORD }).expect(409);
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.emailTaken }));
      const after = await me.agent.get('/api/me').expect(200);
      expect(after.body.email).toBe(me.user.email);
      expect(after.body.name).toBeNull();
    });

    it('refuses a malformed email with 400', async () => {
      const me = await signUp(t);
      const res = await me.agent.put(`/api/users/${me.user.username}`).send({ email: 'not-an-email' }).expect(400);
      expect(res.body.error).toBe(MESSAGES.auth.emailInvalid);
    });

    it('refuses a password without a matching confirmation with 400 "Passwords do not match."', async () => {
      const me = await signUp(t);
      const res = await me.agent.put(`/api/users/${me.user.username}`).send({ password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-2' }).expect(400);
      expect(res.body.error).toBe(MESSAGES.auth.passwordsDoNotMatch);
      expect(res.body.error).toBe('Passwords do not match.');
      const missing = await me.agent.put(`/api/users/${me.user.username}`).field('password', 'brand-new-pass-1').expect(400);
      expect(missing.body.error).toBe(MESSAGES.auth.passwordsDoNotMatch);
      await t.request().post('/api/login').send({ username: me.user.username, password: PASSWORD }).expect(200);
      await t.request().post('/api/login').send({ username: me.user.username, password: 'brand-new-pass-1' }).expect(401);
    });

    it.each(['1990-02-30', '17/05/1990', '2999-01-01', 'yesterday', '1990-5-7'])('refuses birthdate %s with 400', async (birthdate) => {
      const res = await owner.agent.put(`/api/users/${owner.user.username}`).send({ birthdate }).expect(400);
      expect(res.body.error).toBe(MESSAGES.profile.invalidBirthdate);
      const me = await owner.agent.get('/api/me').expect(200);
      expect(me.body.birthdate).toBe('1990-05-17');
    });

    it.each(['javascript:alert(1)', 'ftp://example.com', 'not a site', 'data:text/html,hi'])('refuses website %s with 400', async (website) => {
      const res = await owner.agent.put(`/api/users/${owner.user.username}`).send({ website }).expect(400);
      expect(res.body.error).toBe(MESSAGES.profile.invalidWebsite);
      const me = await owner.agent.get('/api/me').expect(200);
      expect(me.body.website).toBe('https://owner.example/');
    });

    it.each([
      ['a numeric name', { name: 12345 }],
      ['an array bio', { bio: ['a', 'b'] }],
      ['an object phone', { phone: { n: 1 } }],
      ['an over-long bio', { bio: 'b'.repeat(301) }],
      ['an over-long name', { name: 'n'.repeat(81) }],
      ['a numeric password', { password: 123456789, confirmPassword: 123456789 }],
      ['a short password', { password: 'short', confirmPassword: 'short' }],
    ])('refuses %s with 400, not 500, and changes nothing', async (_what, body) => {
      const res = await owner.agent.put(`/api/users/${owner.user.username}`).send(body).expect(400);
      expect(res.body.success).toBe(false);
      const me = await owner.agent.get('/api/me').expect(200);
      expect(me.body).toEqual(expect.objectContaining({ name: 'Owner Name', bio: 'Above the clouds', phone: '+1 555 0100' }));
    });

    it('changes the password (with the current one): the new one signs in, the old one does not', async () => {
      const me = await signUp(t);
      const newPassword = 'higher-than-cloud-9';
      const res = await me.agent.put(`/api/users/${me.user.username}`).send({ currentPassword: PASSWORD, password: newPassword, confirmPassword: newPassword }).expect(200);
      expect(res.body.username).toBe(me.user.username);
      await t.request().post('/api/login').send({ username: me.user.username, password: newPassword }).expect(200);
      const old = await t.request().post('/api/login').send({ username: me.user.username, password: PASSWORD }).expect(401);
      expect(old.body.error).toBe(MESSAGES.auth.invalidCredentials);
    });

    it('changes the password through multipart too', async () => {
      const me = await signUp(t);
      const newPassword = 'form-field-password';
      await me.agent
        .put(`/api/users/${me.user.username}`)
        .field('currentPassword', PASSWORD)
        .field('password', newPassword)
        .field('confirmPassword', newPassword)
        .expect(200);
      await t.request().post('/api/login').send({ username: me.user.username, password: newPassword }).expect(200);
      await t.request().post('/api/login').send({ username: me.user.username, password: PASSWORD }).expect(401);
    });
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(30);
    expect(t.leaks).toEqual([]);
  });
});
