import * as os from 'node:os';
import * as path from 'node:path';

/** Every RATE_LIMIT_* setting, turned off. */
export const RATE_LIMITS_OFF: Record<string, string> = Object.fromEntries(
  ['API_ANON', 'API_USER', 'POSTS', 'UPLOADS', 'FOLLOWS', 'SEARCH', 'GIFS', 'GIF_PINGBACKS', 'LOGIN_IP', 'LOGIN', 'REGISTER', 'PASSWORD', 'GIFS_GLOBAL', 'WEBHOOKS', 'WEBHOOKS_GLOBAL', 'REACTIONS', 'LOGIN_ACCOUNT', 'LOGIN_OK', 'PASSWORD_FORGOT', 'PASSWORD_FORGOT_IP', 'EMAIL_RESEND', '2FA'].map((name) => [
    `RATE_LIMIT_${name}`,
    '0/1m',
  ]),
);

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
    // Without SMTP_URL every suite's mail (a sign-up's link) is written here, never into the repository.
    MAIL_DIR: path.join(os.tmpdir(), `cloud9-test-${runId}`, 'mail'),
    EXPORT_DIR: path.join(os.tmpdir(), `cloud9-test-${runId}`, 'exports'),
    SESSION_SECRET: 'integration-test-session-secret',
    PUBLIC_URL: 'http://localhost:3999',
    // Every anti-automation limit off (count 0): suites send many requests from 127.0.0.1.
    // rate-limits.timed.int-spec.ts boots its own apps with small limits.
    ...RATE_LIMITS_OFF,
  };
}
