import { APP_CLIENT_HEADER, type AdminUser } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, TestApp, uniqueName } from '../support/app';

describe('admin users: list, search, change group, audit', () => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;

  const audit = async (action: string) =>
    (await t.db.query(`SELECT actor_id, actor_username, action, target, result FROM audit_log WHERE actor_id = $1 AND action = $2 ORDER BY id`, [
      admin.user.id,
      action,
    ])) as { actor_id: number; actor_username: string; action: string; target: string | null; result: string }[];

  beforeAll(async () => {
    t = await bootApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}adminusers1:` });
    admin = await signUp(t, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value); // as the app's client sends it
    member = await signUp(t);
  });
  afterAll(() => t?.close());

  it('is for group 1 only', async () => {
    await t.agent().get('/api/admin/users').expect(401);
    await member.agent.get('/api/admin/users').expect(403);
    await t.agent().patch(`/api/admin/users/${member.user.id}`).send({ group_id: 6 }).expect(401);
    await member.agent.patch(`/api/admin/users/${member.user.id}`).send({ group_id: 1 }).expect(403);
    expect((await t.db.query(`SELECT group_id FROM users WHERE id = $1`, [member.user.id]))[0].group_id).toBe(5);
  });

  it('changes a group, refuses bad groups and unknown users, and audits each call', async () => {
    const res = await admin.agent.patch(`/api/admin/users/${member.user.id}`).send({ group_id: 7 }).expect(200);
    expect(res.body).toEqual({
      success: true,
      user: { id: member.user.id, username: member.user.username, email: member.user.email, name: null, group_id: 7, createdAt: expect.any(String) },
    });
    // The member's own session sees the new plan at once.
    expect((await member.agent.get(`/api/boost/quota/${member.user.id}`).expect(200)).body.allowed).toBe(2);
    for (const bad of [0, 10, '7', 2.5, null, undefined]) {
      await admin.agent.patch(`/api/admin/users/${member.user.id}`).send({ group_id: bad }).expect(400);
    }
    await admin.agent.patch('/api/admin/users/999999999').send({ group_id: 6 }).expect(404);
    await admin.agent.patch('/api/admin/users/abc').send({ group_id: 6 }).expect(400);
    const rows = await audit('admin.users.set_group');
    expect(rows.map((r) => r.result)).toEqual(['ok', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'not_found']);
    expect(rows[0]).toEqual({ actor_id: admin.user.id, actor_username: admin.user.username, action: 'admin.users.set_group', target: `user:${member.user.id}`, result: 'ok' });
  });

  it('lists newest first by keyset, searches username/email/name with literal wildcards', async () => {
    const tag = uniqueName('srch').slice(0, 14);
    const made: SignedIn[] = [];
    for (let i = 0; i < 5; i++) made.push(await signUp(t, { username: `${tag}_${i}` }));
    // Tagged, so other suites' users in the same run database never match.
    await t.db.query(`UPDATE users SET name = $2 WHERE id = $1`, [made[1].user.id, `Zed 100%_sure ${tag}`]);
    const page1 = (await admin.agent.get('/api/admin/users').query({ query: tag, limit: 2 }).expect(200)).body as { items: AdminUser[]; nextCursor: string | null };
    expect(page1.items.map((u) => u.id)).toEqual([made[4].user.id, made[3].user.id]);
    expect(page1.items[0]).toEqual({ id: made[4].user.id, username: made[4].user.username, email: made[4].user.email, name: null, group_id: 5, createdAt: expect.any(String) });
    const page2 = (await admin.agent.get('/api/admin/users').query({ query: tag, limit: 2, cursor: page1.nextCursor }).expect(200)).body;
    expect(page2.items.map((u: AdminUser) => u.id)).toEqual([made[2].user.id, made[1].user.id]);
    const page3 = (await admin.agent.get('/api/admin/users').query({ query: tag, limit: 2, cursor: page2.nextCursor }).expect(200)).body;
    expect(page3).toEqual({ items: [expect.objectContaining({ id: made[0].user.id })], nextCursor: null });
    // Wildcards are literal: '%' and '_' match only themselves.
    const search = async (query: string) => (await admin.agent.get('/api/admin/users').query({ query }).expect(200)).body.items.map((u: AdminUser) => u.id);
    expect(await search(`100%_sure ${tag}`)).toEqual([made[1].user.id]);
    expect(await search(`%_sure ${tag}`)).toEqual([made[1].user.id]);
    expect(await search(`${tag}%`)).toEqual([]); // as a wildcard it would match all five usernames
    // By email, case-insensitive; no query lists everyone.
    expect((await admin.agent.get('/api/admin/users').query({ query: `${tag}_3@EXAMPLE` }).expect(200)).body.items.map((u: AdminUser) => u.id)).toEqual([made[3].user.id]);
    const all = (await admin.agent.get('/api/admin/users').expect(200)).body as { items: AdminUser[] };
    expect(all.items.length).toBeGreaterThanOrEqual(7);
    await admin.agent.get('/api/admin/users').query({ cursor: 'x' }).expect(400);
    expect((await audit('admin.users.list')).length).toBeGreaterThanOrEqual(8);
  });
});
