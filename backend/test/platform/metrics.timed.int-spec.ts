import type { AddressInfo } from 'node:net';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { BOOST_QUEUE, BOOST_ROTATE_JOB, MESSAGES, SOCKET_PATH } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { MEDIA_QUEUE, MEDIA_VARIANTS_JOB } from '../../src/jobs/job-map';
import { bootApp, signUp, type TestApp } from '../support/app';
import { freePort, startPrivateRedis, type PrivateRedis } from '../support/private-services';

/**
 * Prometheus metrics, scraped as Prometheus would: on METRICS_PORT (loopback), or on the main port
 * with METRICS_TOKEN. Each family moves when its thing happens.
 */

jest.setTimeout(60_000);

/** One sample's value in a scrape (0 when absent), by its name and exact labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Scrapes until `check` holds on the text (a condition, not a fixed wait). */
async function scrapeUntil(scrape: () => Promise<string>, check: (text: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await scrape();
    if (check(text)) return text;
    if (Date.now() > deadline) throw new Error(`${what}: not seen in the scrape after ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe('metrics on METRICS_PORT', () => {
  let t: TestApp;
  let url: string;
  let metricsPort: number;
  const sockets: ClientSocket[] = [];
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await bootApp({ METRICS_PORT: String(metricsPort), RATE_LIMIT_SEARCH: '2/1m' });
    const server = await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('serves only /metrics, and the main port has no /metrics without METRICS_TOKEN', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    const main = await fetch(`${url}/metrics`);
    expect(main.status).toBe(404);
    expect(await main.json()).toEqual({ success: false, error: MESSAGES.http.notFound, statusCode: 404 });
    const text = await scrape();
    // Node's default metrics, where someone scrapes.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('times requests by route template and status, never by raw path', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/posts/:id', status: '404' };
    await fetch(`${url}/api/posts/987654321`);
    await fetch(`${url}/api/posts/987654322`);
    await fetch(`${url}/api/no-such-thing/42`);
    const after = await scrapeUntil(scrape, (s) => sample(s, 'http_request_duration_seconds_count', labels) >= sample(before, 'http_request_duration_seconds_count', labels) + 2, 'two 404s of one template');
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toMatch(/987654321|no-such-thing/);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(sample(after, 'http_request_duration_seconds_count', labels));
  });

  it('counts open sockets, events pushed by name, rate-limit refusals by rule and pool checkouts', async () => {
    const { agent, user } = await signUp(t);
    const cookie = (await agent.get('/api/me')).request.cookies;
    const before = await scrape();

    const socket = io(url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    await scrapeUntil(scrape, (s) => sample(s, 'socketio_connected_sockets') === sample(before, 'socketio_connected_sockets') + 1, 'the socket counted');

    await agent.post('/api/posts').send({ content: `metrics ${user.username}` }).expect(201);
    await agent.get('/api/posts?limit=7').expect(200); // a page read: the hot reads' own pool
    const pushed = await scrapeUntil(
      scrape,
      (s) => sample(s, 'socketio_events_pushed_total', { event: 'post:created' }) === sample(before, 'socketio_events_pushed_total', { event: 'post:created' }) + 1,
      'post:created pushed once',
    );
    for (const pool of ['main', 'reads']) {
      expect(sample(pushed, 'pg_pool_acquire_duration_seconds_count', { pool, outcome: 'ok' })).toBeGreaterThan(sample(before, 'pg_pool_acquire_duration_seconds_count', { pool, outcome: 'ok' }));
      expect(sample(pushed, 'pg_pool_connections', { pool, state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(pushed, 'pg_pool_connections', { pool, state: 'waiting' })).toBe(0);
    }

    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/api/search/user/${user.username}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await scrape();
    expect(sample(limited, 'rate_limit_rejections_total', { rule: 'search' })).toBe(sample(before, 'rate_limit_rejections_total', { rule: 'search' }) + 1);
    expect(sample(limited, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/search/user/:name', status: '429' })).toBe(1);

    socket.close();
    await scrapeUntil(scrape, (s) => sample(s, 'socketio_connected_sockets') === sample(before, 'socketio_connected_sockets'), 'the socket gone');
  });

  it('reads queue counts at scrape time and times the jobs this instance runs', async () => {
    const jobs = t.app.get(JobsService);
    const before = await scrape();
    await jobs.add(MEDIA_QUEUE, MEDIA_VARIANTS_JOB, { storageKey: 'metrics-test', widths: [320] }, { delay: 600_000 });
    const queued = await scrape();
    expect(sample(queued, 'bullmq_queue_scrape_ok')).toBe(1);
    expect(sample(queued, 'bullmq_queue_jobs', { queue: MEDIA_QUEUE, state: 'delayed' })).toBe(sample(before, 'bullmq_queue_jobs', { queue: MEDIA_QUEUE, state: 'delayed' }) + 1);
    for (const state of ['waiting', 'active', 'failed', 'completed']) expect(queued).toContain(`bullmq_queue_jobs{queue="${MEDIA_QUEUE}",state="${state}"}`);

    const run = await jobs.runAndWait(BOOST_QUEUE, BOOST_ROTATE_JOB, {}, 10_000);
    expect(run.result).not.toBeNull();
    const labels = { queue: BOOST_QUEUE, job: BOOST_ROTATE_JOB, outcome: 'completed' };
    const ran = await scrapeUntil(scrape, (s) => sample(s, 'bullmq_job_duration_seconds_count', labels) > sample(before, 'bullmq_job_duration_seconds_count', labels), 'the job timed');
    expect(sample(ran, 'bullmq_queue_jobs', { queue: BOOST_QUEUE, state: 'completed' })).toBeGreaterThanOrEqual(1);
  });
});

describe('metrics on the main port with METRICS_TOKEN, and a Redis that fails', () => {
  const TOKEN = 'metrics-token-for-the-int-test';
  let redis: PrivateRedis;
  let t: TestApp;
  let url: string;
  const scrape = async () => {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    redis = await startPrivateRedis({ appendonly: false });
    t = await bootApp({ METRICS_TOKEN: TOKEN, REDIS_URL: redis.url });
    const server = await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    redis?.thaw();
    await t?.close();
    await redis?.stop();
  });

  it('answers only the right bearer token; anything else is a 404', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }];
    for (const headers of attempts) {
      const res = await fetch(`${url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('http_request_duration_seconds');
    }
    expect(await scrape()).toContain('http_request_duration_seconds_count{method="GET",route="/metrics",status="404"} 4');
  });

  it('a silent Redis never hangs the scrape: the queue counts are left out and flagged', async () => {
    expect(sample(await scrape(), 'bullmq_queue_scrape_ok')).toBe(1);
    redis.freeze();
    try {
      const started = Date.now();
      const text = await scrape();
      expect(Date.now() - started).toBeLessThan(2500);
      expect(sample(text, 'bullmq_queue_scrape_ok')).toBe(0);
      expect(text).not.toMatch(/^bullmq_queue_jobs\{/m);
    } finally {
      redis.thaw();
    }
    await scrapeUntil(scrape, (s) => sample(s, 'bullmq_queue_scrape_ok') === 1, 'queue counts back');
  });

  it('counts the errors of the Redis connections while Redis is down', async () => {
    const before = await scrape();
    await redis.kill();
    try {
      await scrapeUntil(
        scrape,
        (s) =>
          sample(s, 'redis_errors_total', { client: 'shared' }) > sample(before, 'redis_errors_total', { client: 'shared' }) &&
          sample(s, 'redis_errors_total', { client: 'jobs' }) > sample(before, 'redis_errors_total', { client: 'jobs' }),
        'Redis errors counted',
      );
    } finally {
      await redis.start();
    }
  });
});
