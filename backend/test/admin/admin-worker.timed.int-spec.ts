import { ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { APP_CLIENT_HEADER, ADMIN_QUEUE, MESSAGES, type AdminBackupResult, type AdminJobPending, type AdminJobStatus, type AdminSyncResult } from '@cloud9/contracts';
import { withTimeout } from '../../src/common/with-timeout';
import { JobsService } from '../../src/jobs/jobs.service';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { BACKEND_MAIN, ensureBackendBuilt } from '../support/build';
import { eventually } from '../support/harness';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });

/** An API instance (ROLE=api, no workers) and the built app as a separate ROLE=worker process, sharing one Redis prefix. */
describe('ROLE=api answers, a separate ROLE=worker process runs the admin jobs', () => {
  const prefix = `${process.env.REDIS_PREFIX}adminworker:`;
  let dir: string;
  let env: Record<string, string>;
  let api: TestApp;
  let admin: SignedIn;
  let worker: ChildProcess | null = null;
  let workerLog = '';
  let workerPort: number;

  const startWorker = () => {
    worker = spawn(process.execPath, [BACKEND_MAIN], { env: { ...process.env, ...env, ROLE: 'worker', PORT: String(workerPort) }, stdio: ['ignore', 'pipe', 'pipe'] });
    worker.stdout!.on('data', (d: Buffer) => (workerLog += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (workerLog += d.toString()));
  };
  const status = async (jobId: string) => (await admin.agent.get(`/api/admin/jobs/${ADMIN_QUEUE}/${jobId}`).expect(200)).body as AdminJobStatus;

  beforeAll(async () => {
    ensureBackendBuilt();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-admin-worker-'));
    workerPort = await freePort();
    env = { REDIS_PREFIX: prefix, UPLOAD_DIR: path.join(dir, 'uploads'), BACKUP_DIR: path.join(dir, 'backups'), ADMIN_JOB_WAIT_MS: '2000' };
    api = await bootApp({ ...env, ROLE: 'api' });
    admin = await signUp(api, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value); // as the app's client sends it
  }, 180_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await withTimeout(exited, 10_000).catch(() => worker!.kill('SIGKILL'));
    }
    await api?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('with no worker running, the endpoint answers 202 with the job id within its wait; a worker started later finishes the job', async () => {
    expect(api.app.get(JobsService).runsWorkers).toBe(false);
    const started = Date.now();
    const res = await admin.agent.post('/api/admin/sync-follow-tables').expect(202);
    expect(Date.now() - started).toBeLessThan(2000 + 3000);
    const pending = res.body as AdminJobPending;
    expect(pending).toEqual({ success: false, pending: true, jobId: expect.any(String), queue: 'admin', message: MESSAGES.admin.jobPending });
    expect(await status(pending.jobId)).toEqual(expect.objectContaining({ state: 'waiting', result: null, name: 'sync-follow-tables' }));

    startWorker();
    let last: AdminJobStatus | null = null;
    const done = await eventually(async () => {
      last = await status(pending.jobId);
      return last.state === 'completed';
    }, 60_000);
    expect({ done, last, workerLog }).toEqual(expect.objectContaining({ done: true }));
    expect(last!.result).toEqual({ followersAdded: expect.any(Number), followingsAdded: expect.any(Number) });
    expect(last!.progress).toBe(100);
  }, 90_000);

  it('calls on the API instance are answered by the worker process, which opens no port', async () => {
    const broken = await signUp(api);
    await api.db.query(`UPDATE users SET followers_count = 3 WHERE id = $1`, [broken.user.id]);
    const sync = (await admin.agent.post('/api/admin/sync-follow-tables').expect(200)).body as AdminSyncResult;
    expect(sync).toEqual({ success: true, followersAdded: 1, followingsAdded: 0, jobId: expect.any(String) });
    expect((await api.db.query(`SELECT followers_count FROM users WHERE id = $1`, [broken.user.id]))[0].followers_count).toBe(0);

    // pg_dump ran in the worker: the file is in the BACKUP_DIR both were given.
    const backup = (await admin.agent.get('/api/admin/backup').expect(200)).body as AdminBackupResult;
    expect(backup.success).toBe(true);
    expect((await fs.readdir(path.join(dir, 'backups'))).filter((n) => n.endsWith('.dump'))).toHaveLength(1);

    expect(worker!.exitCode).toBeNull();
    expect(await refused(workerPort)).toBe(true);
  }, 60_000);
});
