import { ensureDatabaseExists, runMigrations } from '../../src/database/database-bootstrap';
import { testRunEnv } from './test-env';

/**
 * Migrates this jest run's database once. It is the template of each worker's own database
 * (worker-environment.ts), so no worker migrates and no two workers share rows, keys or files.
 */
export default async function globalSetup(): Promise<void> {
  // Both projects (backend-int, backend-service) name this setup: one jest run migrates once.
  if (process.env.C9_TEST_JEST_RUN) return;
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  Object.assign(process.env, testRunEnv(runId), { C9_TEST_JEST_RUN: runId });
  await ensureDatabaseExists(process.env.DATABASE_URL!);
  await runMigrations(process.env.DATABASE_URL!);
}
