import * as os from 'node:os';
import * as path from 'node:path';

/** One database, Redis prefix and upload folder per test run, so runs never share state. */
export function testRunEnv(runId: string): Record<string, string> {
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  return {
    NODE_ENV: 'test',
    C9_TEST_RUN: runId,
    DATABASE_URL: `${base}/cloud9_test_${runId}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `c9test:${runId}:`,
    UPLOAD_DIR: path.join(os.tmpdir(), `cloud9-test-${runId}`, 'uploads'),
    BACKUP_DIR: path.join(os.tmpdir(), `cloud9-test-${runId}`, 'backups'),
    SESSION_SECRET: 'integration-test-session-secret',
    PUBLIC_URL: 'http://localhost:3999',
    // Suites register many users from one address; the limit itself is tested with its own app.
    RATE_LIMIT_REGISTER: '100000/1h',
    RATE_LIMIT_LOGIN: '100000/15m',
  };
}
