import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

/**
 * A Redis and a PostgreSQL of a test's own, on free ports, that the test may kill, freeze and bring
 * back (the shared 6379 / 5432 services are never touched). Fault suites run the app against these.
 * Starting, stopping and probing never block the event loop: apps in the same process keep serving.
 */

const run = promisify(execFile);

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await sleep(50);
  }
}

const redisPings = async (port: number) => {
  try {
    return (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { timeout: 1000 })).stdout.trim() === 'PONG';
  } catch {
    return false;
  }
};

export interface PrivateRedis {
  port: number;
  url: string;
  /** Starts (or restarts) the server; with `appendonly` it keeps an AOF in its own folder across restarts. */
  start(): Promise<void>;
  /** SIGKILL: the server is gone at once, as in a crash. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: up but silent (connections open, no answers). */
  freeze(): void;
  thaw(): void;
  /** Deletes the data folder, so the next start comes up empty. */
  wipe(): void;
  stop(): Promise<void>;
}

/** A redis-server of the test's own. `appendonly` (default true) mirrors production: acknowledged writes survive a crash. */
export async function startPrivateRedis(options: { appendonly?: boolean } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'c9-redis-'));
  let proc: ChildProcess | null = null;
  const appendonly = options.appendonly ?? true;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (proc) return;
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir, '--maxmemory-policy', 'noeviction'];
      if (appendonly) args.push('--appendonly', 'yes', '--appendfsync', 'always');
      else args.push('--appendonly', 'no');
      proc = spawn('redis-server', args, { stdio: 'ignore' });
      proc.on('exit', () => (proc = null));
      await waitFor(() => redisPings(port), `redis on ${port}`);
    },
    async kill() {
      const p = proc;
      if (!p) return;
      p.kill('SIGKILL');
      await waitFor(() => proc === null, `redis on ${port} exit`);
    },
    freeze() {
      proc?.kill('SIGSTOP');
    },
    thaw() {
      proc?.kill('SIGCONT');
    },
    wipe() {
      for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
    },
    async stop() {
      redis.thaw();
      await redis.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

export interface PrivatePostgres {
  port: number;
  /** A connection URL for `database` on this cluster (created by the app at start if missing). */
  url(database: string): string;
  start(): Promise<void>;
  /** Immediate shutdown (pg_ctl -m immediate): connections drop at once, as in a crash. */
  stop(): Promise<void>;
  /** Stops and removes the cluster. */
  drop(): Promise<void>;
}

const pgVersion = () => readdirSync('/etc/postgresql').sort().pop()!;
const pgReady = async (port: number) => {
  try {
    await run('pg_isready', ['-h', '127.0.0.1', '-p', String(port), '-q'], { timeout: 2000 });
    return true;
  } catch {
    return false;
  }
};

/**
 * A PostgreSQL cluster of the test's own (pg_createcluster, run as root), trust auth on 127.0.0.1,
 * started on a free port. A few seconds to create; drop() removes it.
 */
export async function startPrivatePostgres(config: string[] = []): Promise<PrivatePostgres> {
  const port = await freePort();
  const version = pgVersion();
  const name = `c9fault${process.pid}${Date.now().toString(36)}`;
  // --no-sync: a throwaway cluster need not wait for its files to reach the disk.
  await run('pg_createcluster', [version, name, '--port', String(port), ...config.flatMap((c) => ['-o', c]), '--', '--auth=trust', '--username=postgres', '--no-sync']);
  const ctl = (action: string, ...extra: string[]) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...extra]);
  const pg: PrivatePostgres = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      if (!(await pgReady(port))) await ctl('start');
      await waitFor(() => pgReady(port), `postgres on ${port}`, 30_000);
    },
    async stop() {
      try {
        await ctl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      await waitFor(async () => !(await pgReady(port)), `postgres on ${port} stop`);
    },
    async drop() {
      try {
        await run('pg_dropcluster', [version, name, '--stop']);
      } catch {
        // best effort: a leftover cluster is removed by the next drop of the same name
      }
    },
  };
  await pg.start();
  return pg;
}

export interface ReplicaPair {
  primary: PrivatePostgres;
  /** A hot standby streaming from `primary` (pg_basebackup -R). */
  replica: PrivatePostgres;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops / resumes the replica's replay: what the primary writes meanwhile is absent from the replica. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  drop(): Promise<void>;
}

/** Test clusters trade durability for speed: nothing here must survive a crash of the machine. */
const FAST = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

const psql = (port: number, query: string) => run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atc', query], { timeout: 5000 });

/**
 * A primary and a streaming replica of the test's own (PostgreSQL clusters on free ports, as root):
 * the replica is a pg_basebackup of the primary with its standby settings (-R), so it streams every
 * change and answers reads. A few seconds to make; drop() removes both.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const port = await freePort();
  const version = pgVersion();
  const name = `c9replica${process.pid}${Date.now().toString(36)}`;
  // The replica's cluster is made (its files replaced below) while the primary starts.
  const made = run('pg_createcluster', [version, name, '--port', String(port), ...FAST.flatMap((c) => ['-o', c]), '--', '--auth=trust', '--username=postgres', '--no-sync']);
  // The primary acknowledges a commit once its WAL is written: caughtUp() waits for pg_current_wal_lsn(),
  // which with synchronous_commit=off may still be short of a commit that has returned.
  const [primary] = await Promise.all([startPrivatePostgres(FAST.filter((c) => c !== 'synchronous_commit=off')), made.catch(() => undefined)]);
  try {
    await made;
    // The cluster's own data folder (owned by postgres), emptied, then filled by the base backup as postgres.
    const dataDir = `/var/lib/postgresql/${version}/${name}`;
    for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    await run('runuser', ['-u', 'postgres', '--', 'pg_basebackup', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
  } catch (error) {
    await run('pg_dropcluster', [version, name, '--stop']).catch(() => undefined);
    await primary.drop();
    throw error;
  }
  const ctl = (action: string, ...extra: string[]) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...extra]);
  const replica: PrivatePostgres = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      if (!(await pgReady(port))) await ctl('start');
      await waitFor(() => pgReady(port), `replica on ${port}`, 30_000);
    },
    async stop() {
      await ctl('stop', '-m', 'immediate').catch(() => undefined);
      await waitFor(async () => !(await pgReady(port)), `replica on ${port} stop`);
    },
    async drop() {
      await run('pg_dropcluster', [version, name, '--stop']).catch(() => undefined);
    },
  };
  await replica.start();
  const pair: ReplicaPair = {
    primary,
    replica,
    async caughtUp() {
      const target = (await psql(primary.port, 'SELECT pg_current_wal_lsn()')).stdout.trim();
      await waitFor(async () => (await psql(port, `SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn`)).stdout.trim() === 't', 'replica replay');
    },
    async pauseReplay() {
      await psql(port, 'SELECT pg_wal_replay_pause()');
      await waitFor(async () => (await psql(port, 'SELECT pg_get_wal_replay_pause_state()')).stdout.trim() === 'paused', 'replay pause');
    },
    async resumeReplay() {
      await psql(port, 'SELECT pg_wal_replay_resume()');
    },
    async drop() {
      await Promise.all([replica.drop(), primary.drop()]);
    },
  };
  return pair;
}
