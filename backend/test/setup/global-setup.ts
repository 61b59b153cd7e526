import { ensureDatabaseExists, runMigrations } from '../../src/database/database-bootstrap';
import { testRunEnv } from './test-env';

export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  Object.assign(process.env, testRunEnv(runId));
  await ensureDatabaseExists(process.env.DATABASE_URL!);
  await runMigrations(process.env.DATABASE_URL!);
}
