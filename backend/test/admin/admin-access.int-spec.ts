import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { APP_CLIENT_HEADER, MESSAGES } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { countRows, filesUnder } from '../support/harness';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

describe('admin endpoints are for group 1 only, checked on the server', () => {
  let t: TestApp;
  let dir: string;
  let target: SignedIn;
  const callers: Record<string, SignedIn> = {};

  // Every admin endpoint: the admin tools, the admin calls that existed before, Bull Board.
  const endpoints = (): [Method, string, object?][] => [
    ['post', '/api/admin/reset-password', { username: target.user.username, newPassword: 'a-new-password-1' }],
    ['get', '/api/admin/backup'],
    ['get', '/api/admin/restore'],
    ['get', '/api/admin/app-backup'],
    ['post', '/api/admin/sync-follow-tables'],
    ['get', '/api/admin/orphaned-uploads'],
    ['post', '/api/admin/orphaned-uploads/delete', {}],
    ['get', `/api/admin/user/${target.user.username}`],
    ['get', '/api/admin/audit'],
    ['get', '/api/admin/jobs/admin/1'],
    ['get', '/api/admin/users'],
    ['patch', `/api/admin/users/${target.user.id}`, { group_id: 1 }],
    ['patch', '/api/boost/rotate'],
    ['post', '/api/posts/1/boost'],
    ['get', '/api/admin/queues'],
    ['get', '/api/admin/queues/api/queues'],
    ['put', '/api/admin/queues/api/queues/admin/clean/completed'],
  ];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-admin-access-'));
    t = await bootApp({
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}adminaccess:`,
      BACKUP_DIR: path.join(dir, 'backups'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
    target = await signUp(t);
    for (const [label, groupId] of [['basic (5)', 5], ['staff (2)', 2], ['staff (3)', 3], ['staff (4)', 4], ['diamond (9)', 9]] as const) {
      callers[label] = await signUp(t, { groupId });
    }
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  // With the app client header, as the app sends it: the refusals below come from the session check alone.
  const send = (agent: ReturnType<TestApp['agent']>, [method, url, body]: [Method, string, object?]) => {
    const req = agent[method](url).set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
    return body ? req.send(body) : req;
  };

  it('answers 401 to anonymous callers on every admin endpoint', async () => {
    for (const endpoint of endpoints()) {
      const res = await send(t.agent(), endpoint);
      expect({ endpoint: endpoint.slice(0, 2), status: res.status }).toEqual({ endpoint: endpoint.slice(0, 2), status: 401 });
      expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.auth.notSignedIn }));
    }
  });

  it.each(['basic (5)', 'staff (2)', 'staff (3)', 'staff (4)', 'diamond (9)'])('answers 403 to a signed-in %s user on every admin endpoint', async (label) => {
    for (const endpoint of endpoints()) {
      const res = await send(callers[label].agent, endpoint);
      expect({ endpoint: endpoint.slice(0, 2), status: res.status }).toEqual({ endpoint: endpoint.slice(0, 2), status: 403 });
      expect(res.body).toEqual(expect.objectContaining({ success: false }));
    }
  });

  it('did nothing for the refused callers: no backup, no password or group change, no audit row', async () => {
    expect(await filesUnder(path.join(dir, 'backups'))).toEqual([]);
    const ids = [target, ...Object.values(callers)].map((c) => c.user.id);
    expect(await countRows(t, 'audit_log', 'actor_id = ANY($1::bigint[])', [ids])).toBe(0);
    expect((await t.db.query(`SELECT group_id FROM users WHERE id = $1`, [target.user.id]))[0].group_id).toBe(5);
    await target.agent.get('/api/me').expect(200); // no reset ended the session
    await t.agent().post('/api/login').send({ username: target.user.username, password: 'cloud-nine-9!' }).expect(200);
  });
});
