import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { ADMIN_JOB, ADMIN_QUEUE, BILLING_QUEUE, BOOST_QUEUE, type AdminJobPending } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { DOWNGRADE_SCHEDULER } from '../../src/modules/billing/billing.jobs';
import { BOOST_ROTATE_SCHEDULER } from '../../src/modules/boosts/boosts.jobs';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { BACKEND_MAIN, ensureBackendBuilt } from '../support/build';
import { eventually } from '../support/harness';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../support/private-services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface WorkerProcess {
  proc: ChildProcess;
  log: () => string;
  /** Resolves with the time the process exited, and how. */
  exited: Promise<{ at: number; code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Jobs against a Redis and a PostgreSQL of the suite's own, which it stops, kills, wipes and brings
 * back. An API instance (ROLE=api, in this process) takes the requests; the job workers are the built
 * app started as ROLE=worker processes, so a worker can be SIGKILLed mid-job like a crashed container.
 *
 * The slow job is a real one: a database backup whose pg_dump waits for a table the test holds
 * locked (as it would behind a long migration). pg_dump has already created its output file by then,
 * so the half-written `.partial` exists for as long as the test keeps the lock.
 */
describe('jobs when Redis, PostgreSQL or a worker fail', () => {
  let redis: PrivateRedis;
  let pg: PrivatePostgres;
  let dir: string;
  let backupDir: string;
  let env: Record<string, string>;
  let api: TestApp;
  let jobs: JobsService;
  let admin: SignedIn;
  const workers: WorkerProcess[] = [];
  const figures: Record<string, string | number> = {};
  let acknowledged = 0;
  let lost = 0;

  /** Starts the built app as a ROLE=worker process; `ready` waits until its admin worker is connected. */
  const startWorker = (): WorkerProcess => {
    const proc = spawn(process.execPath, [BACKEND_MAIN], { env: { ...process.env, ...env, ROLE: 'worker' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    proc.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const worker = { proc, log: () => log, exited: new Promise<{ at: number; code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ at: Date.now(), code, signal }))) };
    workers.push(worker);
    return worker;
  };
  const alive = () => workers.filter((w) => w.proc.exitCode === null && w.proc.signalCode === null);
  const adminWorkers = () => jobs.queue(ADMIN_QUEUE).getWorkersCount().catch(() => -1);
  async function startReadyWorker(): Promise<WorkerProcess> {
    const before = await adminWorkers();
    const worker = startWorker();
    const ready = await eventually(async () => (await adminWorkers()) > before, 20_000);
    expect({ ready, log: worker.log() }).toEqual(expect.objectContaining({ ready: true }));
    return worker;
  }

  /** Enqueued through the API (the 202 is the acknowledgement). */
  const syncJob = async (): Promise<string> => {
    const res = await admin.agent.post('/api/admin/sync-follow-tables').expect(202);
    acknowledged++;
    return (res.body as AdminJobPending).jobId;
  };
  /** Enqueued on the API instance's queue directly (works while PostgreSQL is away; Redis acknowledges). */
  const enqueue = async (name: (typeof ADMIN_JOB)[keyof typeof ADMIN_JOB]): Promise<string> => {
    const run = await jobs.runAndWait(ADMIN_QUEUE, name, { requestedBy: 'fault-suite' }, 0);
    acknowledged++;
    return run.jobId;
  };
  const stateOf = async (id: string) => (await jobs.status(ADMIN_QUEUE, id))?.state ?? 'missing';

  /** Waits until every job is completed or one failed for good / vanished; returns the states seen last. */
  async function settle(ids: string[], timeoutMs: number): Promise<Record<string, string>> {
    let states: Record<string, string> = {};
    await eventually(async () => {
      states = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await stateOf(id)])));
      const values = Object.values(states);
      return values.every((s) => s === 'completed') || values.some((s) => s === 'failed' || s === 'missing');
    }, timeoutMs);
    lost += Object.values(states).filter((s) => s !== 'completed').length;
    return states;
  }
  const allCompleted = (states: Record<string, string>) => Object.fromEntries(Object.keys(states).map((id) => [id, 'completed']));

  /** Half-written files of one job in BACKUP_DIR. */
  const partialsOf = async (jobId: string) => (await fs.readdir(backupDir).catch(() => [] as string[])).filter((n) => n.startsWith(`.job-${jobId}.`) && n.endsWith('.partial'));
  const anyPartials = async () => (await fs.readdir(backupDir).catch(() => [] as string[])).filter((n) => n.endsWith('.partial'));

  /** Holds `fault_hold` locked so a backup's pg_dump waits (mid-job, its .partial written); returns the release. */
  async function holdBackups(): Promise<() => Promise<void>> {
    const client = new Client({ connectionString: env.DATABASE_URL });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE fault_hold IN ACCESS EXCLUSIVE MODE');
    return async () => {
      await client.query('COMMIT');
      await client.end();
    };
  }

  /** A backup job that is active on a worker, stuck in pg_dump with its .partial on disk. */
  async function stuckBackup(): Promise<{ id: string; partial: string }> {
    const id = await enqueue(ADMIN_JOB.backup);
    let partial: string[] = [];
    const stuck = await eventually(async () => (await stateOf(id)) === 'active' && (partial = await partialsOf(id)).length === 1, 20_000);
    expect({ stuck, state: await stateOf(id), partial, log: workers.map((w) => w.log()).join('\n') }).toEqual(expect.objectContaining({ stuck: true }));
    return { id, partial: partial[0] };
  }

  beforeAll(async () => {
    ensureBackendBuilt();
    [redis, pg] = await Promise.all([startPrivateRedis(), startPrivatePostgres()]);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-faults-jobs-'));
    backupDir = path.join(dir, 'backups');
    env = {
      REDIS_URL: redis.url,
      DATABASE_URL: pg.url('cloud9_faults'),
      BACKUP_DIR: backupDir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      // Endpoints answer 202 with the job id at once: the acknowledgement this suite counts.
      ADMIN_JOB_WAIT_MS: '0',
    };
    api = await bootApp({ ...env, ROLE: 'api' });
    jobs = api.app.get(JobsService);
    admin = await signUp(api, { groupId: 1 });
    await api.db.query('CREATE TABLE fault_hold (id int)');
    await startReadyWorker();
  }, 120_000);

  afterAll(async () => {
    for (const w of alive()) w.proc.kill('SIGKILL');
    await api?.close();
    await Promise.all([redis?.stop(), pg?.drop()]);
    await fs.rm(dir, { recursive: true, force: true });
    console.log(`[faults-jobs] ${JSON.stringify({ ...figures, acknowledgedJobs: acknowledged, jobsLostOrFailed: lost })}`);
  });

  it('PostgreSQL stopped for 6 s under waiting and running jobs: every acknowledged job completes, none fails for good', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => syncJob()));
    await pg.stop();
    const stoppedAt = Date.now();
    // Acknowledged while the database is away: they run into the outage at once.
    ids.push(...(await Promise.all(Array.from({ length: 8 }, () => enqueue(ADMIN_JOB.syncFollowTables)))), await enqueue(ADMIN_JOB.backup));
    await sleep(6000 - (Date.now() - stoppedAt));
    await pg.start();
    const back = Date.now();

    const states = await settle(ids, 45_000);
    expect(states).toEqual(allCompleted(states));
    figures.pgOutageJobs = ids.length;
    figures.pgOutageAllDoneAfterBackMs = Date.now() - back;
    // The outage was felt: jobs failed and were retried (3 attempts over 3 s would have failed for good).
    const attempts = await Promise.all(ids.map(async (id) => (await jobs.queue(ADMIN_QUEUE).getJob(id))?.attemptsMade ?? 0));
    expect(Math.max(...attempts)).toBeGreaterThanOrEqual(4);
    expect(await anyPartials()).toEqual([]);
  }, 90_000);

  it('Redis killed for 5 s while a backup runs and jobs wait: nothing is lost, the backup completes, no .partial is left', async () => {
    const release = await holdBackups();
    const backup = await stuckBackup();
    const waiting = await Promise.all(Array.from({ length: 6 }, () => syncJob()));
    await redis.kill();
    // The backup finishes while Redis is away; its worker can only report it once Redis is back.
    await release();
    await sleep(5000);
    await redis.start();
    const back = Date.now();

    const states = await settle([backup.id, ...waiting], 45_000);
    expect(states).toEqual(allCompleted(states));
    figures.redisOutageAllDoneAfterBackMs = Date.now() - back;
    expect(await anyPartials()).toEqual([]);
  }, 90_000);

  it("a SIGKILLed worker's running backup is taken over within 15 s by another worker, which removes the half-written file", async () => {
    const release = await holdBackups();
    const { id, partial } = await stuckBackup();
    const [first] = alive();
    expect(alive()).toHaveLength(1);
    first.proc.kill('SIGKILL');
    const killedAt = Date.now();
    startWorker();

    // Taken over: the job runs again (a pg_dump of the new worker, with its own partial file) and the
    // dead worker's partial is gone.
    let now: string[] = [];
    const takenOver = await eventually(async () => {
      now = await partialsOf(id);
      return now.length === 1 && now[0] !== partial;
    }, 20_000);
    const takeoverMs = Date.now() - killedAt;
    figures.takeoverMs = takeoverMs;
    expect({ takenOver, now, partial }).toEqual(expect.objectContaining({ takenOver: true }));
    expect(takeoverMs).toBeLessThan(15_000);
    expect(await stateOf(id)).toBe('active');

    await release();
    const states = await settle([id], 30_000);
    expect(states).toEqual({ [id]: 'completed' });
    expect(await anyPartials()).toEqual([]);
    expect((await fs.readdir(backupDir)).filter((n) => /^cloud9-.*\.dump$/.test(n)).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('SIGTERM while Redis is down and a job runs: the worker is gone within 3 s, and the job is finished by the next worker', async () => {
    const release = await holdBackups();
    const { id } = await stuckBackup();
    const [running] = alive();
    expect(alive()).toHaveLength(1);
    await redis.kill();
    const termAt = Date.now();
    running.proc.kill('SIGTERM');
    const exit = await Promise.race([running.exited, sleep(10_000).then(() => null)]);
    figures.sigtermExitWithRedisDownMs = exit ? exit.at - termAt : 'none in 10 s';
    // Shut down by its SIGTERM handling (a clean exit, code 0), not crashed or cut off by the shutdown deadline.
    expect({ exit, log: running.log() }).toEqual(expect.objectContaining({ exit: expect.objectContaining({ code: 0 }) }));
    expect(exit!.at - termAt).toBeLessThan(3000);

    await redis.start();
    startWorker();
    await release();
    const states = await settle([id], 30_000);
    expect(states).toEqual({ [id]: 'completed' });
    expect(await anyPartials()).toEqual([]);
  }, 60_000);

  it('Redis restarted empty: the repeating schedules come back without a restart, and no job id is ever handed out again', async () => {
    const schedulers = async () => {
      const [boosts, billing] = await Promise.all([
        jobs.queue(BOOST_QUEUE).getJobScheduler(BOOST_ROTATE_SCHEDULER).catch(() => undefined),
        jobs.queue(BILLING_QUEUE).getJobScheduler(DOWNGRADE_SCHEDULER).catch(() => undefined),
      ]);
      return !!boosts && !!billing;
    };
    expect(await schedulers()).toBe(true);
    const before = await syncJob();
    expect(before).toMatch(UUID);
    expect(await settle([before], 20_000)).toEqual({ [before]: 'completed' });

    await redis.kill();
    redis.wipe();
    await redis.start();
    const emptyAt = Date.now();
    expect(await eventually(schedulers, 15_000)).toBe(true);
    figures.schedulesBackAfterEmptyRestartMs = Date.now() - emptyAt;
    // They schedule work again: the rotation's next run is queued.
    expect(await eventually(async () => (await jobs.queue(BOOST_QUEUE).getJobCountByTypes('delayed', 'waiting', 'active', 'completed')) > 0, 5000)).toBe(true);

    // Sessions went with the data: sign in again. The old id names no job now, and new ids are new.
    admin = await signUp(api, { groupId: 1 });
    await admin.agent.get(`/api/admin/jobs/${ADMIN_QUEUE}/${before}`).set('X-Requested-With', 'XMLHttpRequest').expect(404);
    const after = await syncJob();
    expect(after).toMatch(UUID);
    expect(after).not.toBe(before);

    // Emptied without a restart (FLUSHALL, a failover to an empty replica): the periodic check.
    const cli = new Redis(redis.url);
    await cli.flushall();
    cli.disconnect();
    const flushedAt = Date.now();
    expect(await eventually(schedulers, 15_000)).toBe(true);
    figures.schedulesBackAfterFlushMs = Date.now() - flushedAt;
  }, 60_000);
});
