import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { startFakeGiphy } from '../../../backend/test/fakes/giphy-server';
import { startFakePayPal } from '../../../backend/test/fakes/paypal-server';
import { freePort } from '../../../backend/test/support/private-services';
import { RATE_LIMITS_OFF } from '../../../backend/test/setup/test-env';
import { E2E_ADMIN, E2E_METRICS_TOKEN, E2E_PAYPAL } from '../support';

const repoRoot = path.resolve(__dirname, '../../..');

/** Starts the built app (`npm start`'s entry) on a free port with its own database and Redis prefix. */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = path.join(os.tmpdir(), `cloud9-e2e-${runId}`);
  // The GIF provider is our own fake on loopback, speaking Giphy's wire format and serving real GIFs.
  const giphy = await startFakeGiphy({ apiKey: 'e2e-giphy-key' });
  (globalThis as { __fakeGiphy?: typeof giphy }).__fakeGiphy = giphy;
  // PayPal too: its REST API, a stand-in for its JS SDK (the subscription button) and its donate page.
  const paypal = await startFakePayPal({ clientId: E2E_PAYPAL.clientId, secret: 'e2e-paypal-secret', webhookId: 'WH-E2E' });
  (globalThis as { __fakePayPal?: typeof paypal }).__fakePayPal = paypal;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/cloud9_e2e_${runId}`,
    REDIS_PREFIX: `c9e2e:${runId}:`,
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    BACKUP_DIR: path.join(tmp, 'backups'),
    // No SMTP_URL: every mail is an .eml file here, which the browser tests open (account-mail.e2e.ts).
    MAIL_DIR: path.join(tmp, 'mail'),
    EXPORT_DIR: path.join(tmp, 'exports'),
    SESSION_SECRET: 'e2e-session-secret-long-enough',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SUPPORT_EMAIL: 'help@cloud9.test',
    // Every request comes from one address here; the limits themselves are proven by the integration suites.
    ...RATE_LIMITS_OFF,
    GIPHY_API_BASE: giphy.baseUrl,
    GIPHY_API_KEY: 'e2e-giphy-key',
    GIPHY_MEDIA_HOSTS: giphy.mediaHost,
    GIPHY_PINGBACK_URL: giphy.pingbackUrl,
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_SDK_URL: `${paypal.baseUrl}/sdk/js`,
    PAYPAL_CLIENT_ID: E2E_PAYPAL.clientId,
    PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret',
    PAYPAL_WEBHOOK_ID: 'WH-E2E',
    PAYPAL_PLAN_SILVER: E2E_PAYPAL.plans.silver,
    PAYPAL_PLAN_GOLD: E2E_PAYPAL.plans.gold,
    DONATE_URL: `${paypal.baseUrl}/donate?hosted_button_id=E2E`,
    // Emoji images: the browser tests stand in for this CDN with a route stub.
    EMOJI_CDN_URL: 'https://emoji-cdn.test/npm',
    // Trending is recomputed every 10 s (the least allowed), so a tag used during a test can trend in it.
    TRENDING_REFRESH_SECONDS: '10',
    // The boost queue rotates only when a test asks (the admin's "process now"): a rotation on its own
    // clock between a member's request and the next page load would move the request on unseen.
    BOOST_ROTATE_SECONDS: '86400',
    // /metrics on the main port (one-socket.e2e.ts reads the open sockets there).
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  };
  // Two instances on one database and one Redis: live events must cross between them.
  const first = await startInstance(env, baseUrl);
  const port2 = await freePort();
  const baseUrl2 = `http://127.0.0.1:${port2}`;
  // The second instance answers every admin job with 202 at once, so the browser tests see the client poll.
  const second = await startInstance({ ...env, PORT: String(port2), PUBLIC_URL: baseUrl2, ADMIN_JOB_WAIT_MS: '0' }, baseUrl2);
  // A third at a host name: passkeys need one (WebAuthn takes no IP address as its relying party's id).
  const port3 = await freePort();
  const namedUrl = `http://localhost:${port3}`;
  // It serves requests only (ROLE=api): the jobs and schedules stay with the first two, as the other suites expect.
  const named = await startInstance({ ...env, PORT: String(port3), PUBLIC_URL: namedUrl, ROLE: 'api' }, namedUrl);
  process.env.E2E_BASE_URL_2 = baseUrl2;
  process.env.E2E_NAMED_BASE_URL = namedUrl;
  process.env.E2E_SERVER_PIDS = `${first.pid},${second.pid},${named.pid}`;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_RUN = runId;
  process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  process.env.E2E_REDIS_PREFIX = env.REDIS_PREFIX;
  process.env.E2E_TMP = tmp;
  process.env.E2E_MAIL_DIR = path.join(tmp, 'mail');
  process.env.E2E_PAYPAL_BASE = paypal.baseUrl;
  // The browser tests run in another process: they read the fake's pingbacks over HTTP.
  process.env.E2E_GIPHY_ORIGIN = giphy.pingbackUrl;
}

/** Starts `npm start`'s entry with `env` and waits until /api/health answers. */
async function startInstance(env: NodeJS.ProcessEnv, baseUrl: string) {
  const server = spawn(process.execPath, [path.join(repoRoot, 'backend/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
