import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { BACKEND_MAIN, ensureBackendBuilt } from '../support/build';

/**
 * The app closed in-process (a test, a CLI, an embedder) leaves nothing behind, so its process can
 * exit on its own: no timer, connection or retry loop outlives `app.close()`. The hardest moment is
 * right after boot, when the job workers have just picked the repeating schedules' first jobs and
 * are writing their next runs: a worker cut off from Redis there used to retry without pause and
 * keep the process busy forever.
 */
describe('an app closed right after boot', () => {
  beforeAll(() => ensureBackendBuilt());

  it('lets its process exit on its own, quickly (ROLE=all: HTTP, Socket.IO and workers)', async () => {
    const dist = path.dirname(BACKEND_MAIN);
    // A fresh Redis prefix: the schedules are new, so their first jobs are due at once.
    const script = `
      const { createApp } = require(${JSON.stringify(path.join(dist, 'app.setup.js'))});
      const { loadSettings } = require(${JSON.stringify(path.join(dist, 'config/settings.js'))});
      (async () => {
        const app = await createApp(loadSettings(process.env, false));
        await app.init();
        await app.close();
        process.stdout.write('closed\\n');
      })().catch((error) => { console.error(error); process.exitCode = 1; });
    `;
    const env = { ...process.env, ROLE: 'all', REDIS_PREFIX: `${process.env.REDIS_PREFIX}closeearly:${randomUUID()}:` };
    const outcome = await new Promise<{ code: number | null; stdout: string; killed: boolean }>((resolve) => {
      const child = execFile(process.execPath, ['-e', script], { env, timeout: 20_000, killSignal: 'SIGKILL' }, (error, stdout) =>
        resolve({ code: child.exitCode, stdout, killed: child.killed }),
      );
    });
    expect(outcome.stdout).toContain('closed');
    expect(outcome.killed).toBe(false);
    expect(outcome.code).toBe(0);
  }, 40_000);
});
