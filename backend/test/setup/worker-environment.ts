import NodeEnvironment from 'jest-environment-node';
import { Client } from 'pg';
import { testRunEnv } from './test-env';

/**
 * The environment of the integration suites and the service tier: each jest worker runs on a database, Redis prefix and temp
 * folder of its own, named after the run and the worker (`<run>w<JEST_WORKER_ID>`), so suites run in
 * several workers at once as they did one after the other. The worker's database is a copy of the
 * run's migrated one (global-setup.ts), made by its first suite. The settings are written into the
 * worker's own process.env before the suite's sandbox copies it, so processes a suite spawns
 * inherit them too.
 */
export default class WorkerEnvironment extends NodeEnvironment {
  constructor(...args: ConstructorParameters<typeof NodeEnvironment>) {
    const jestRun = process.env.C9_TEST_JEST_RUN!;
    const template = testRunEnv(jestRun).DATABASE_URL;
    Object.assign(process.env, testRunEnv(`${jestRun}w${process.env.JEST_WORKER_ID ?? '1'}`), { C9_TEST_TEMPLATE_DATABASE_URL: template });
    super(...args);
  }

  override async setup(): Promise<void> {
    await super.setup();
    await copyTemplateOnce(process.env.C9_TEST_TEMPLATE_DATABASE_URL!, process.env.DATABASE_URL!);
  }
}

/** Creates `databaseUrl` as a copy of `templateUrl` unless it exists (a worker's later suites reuse it). */
async function copyTemplateOnce(templateUrl: string, databaseUrl: string): Promise<void> {
  const name = (url: string) => new URL(url).pathname.slice(1);
  const admin = new Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name(databaseUrl)]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name(databaseUrl)}" TEMPLATE "${name(templateUrl)}"`);
  } finally {
    await admin.end();
  }
}
