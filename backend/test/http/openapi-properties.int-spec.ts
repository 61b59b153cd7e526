import fc from 'fast-check';
import request from 'supertest';
import { ApiDocument } from '../../src/modules/api-docs/api-document';
import { bootApp, type TestApp } from '../support/app';
import { takeAnswerProblems } from '../support/documented-answers';
import { FakeGiphy, startFakeGiphy } from '../fakes/giphy-server';
import { FakePayPal, startFakePayPal } from '../fakes/paypal-server';
import { signInCookie, tinyPng } from '../support/harness';
import { operationsOf, requestFor, type GeneratedRequest } from '../support/requests-from-document';
import { RATE_LIMITS_OFF } from '../setup/test-env';

const SEED = 20_261_128;
/** Requests in the run, spread evenly over the operations (OPENAPI_PROPERTY_RUNS to send more). */
const REQUESTS = Number(process.env.OPENAPI_PROPERTY_RUNS ?? 480);

type Identity = 'anonymous' | 'member' | 'staff' | 'admin';
const GROUPS: Record<Exclude<Identity, 'anonymous'>, number> = { member: 5, staff: 2, admin: 1 };

/**
 * Property-based: requests generated from the OpenAPI document itself (support/requests-from-document)
 * over every operation, valid and invalid, signed out and as a member, staff and the admin. The app
 * must answer each with no 5xx and only with a status the document gives that operation, in its
 * schema (the test-support hook checks every answer; its findings are this suite's).
 */
describe('OpenAPI properties: generated requests get documented answers', () => {
  let t: TestApp;
  let giphy: FakeGiphy;
  let paypal: FakePayPal;
  const cookies: Partial<Record<Identity, string>> = {};
  const ids: number[] = [];

  const signIn = async (who: Exclude<Identity, 'anonymous'>) => {
    const user = await signInCookie(t, GROUPS[who], `oa${who}`);
    cookies[who] = user.cookie;
    ids.push(user.id);
    return user;
  };

  beforeAll(async () => {
    giphy = await startFakeGiphy({ apiKey: 'oa-key' });
    paypal = await startFakePayPal({ clientId: 'oa-client', secret: 'oa-secret', webhookId: 'WH-OA' });
    t = await bootApp({
      ...RATE_LIMITS_OFF,
      // Its own database, Redis keys and upload folder: what it writes stays out of other suites.
      DATABASE_URL: `${process.env.DATABASE_URL}_openapi`,
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}openapi:`,
      UPLOAD_DIR: `${process.env.UPLOAD_DIR}-openapi`,
      // No worker: an admin's backup or restore is only queued, never run.
      ROLE: 'api',
      ADMIN_JOB_WAIT_MS: '0',
      GIPHY_API_BASE: giphy.baseUrl,
      GIPHY_API_KEY: 'oa-key',
      GIPHY_MEDIA_HOSTS: giphy.mediaHost,
      GIPHY_PINGBACK_URL: giphy.pingbackUrl,
      PAYPAL_API_BASE: paypal.baseUrl,
      PAYPAL_CLIENT_ID: 'oa-client',
      PAYPAL_CLIENT_SECRET: 'oa-secret',
      PAYPAL_WEBHOOK_ID: 'WH-OA',
      PAYPAL_PLAN_SILVER: 'P-SILVER',
      PAYPAL_PLAN_GOLD: 'P-GOLD',
    });
    const member = await signIn('member');
    await signIn('staff');
    await signIn('admin');
    // Rows for the ids a valid draw names: posts, a reply, a report.
    const server = t.app.getHttpServer();
    for (const text of ['first #openapi post', 'second post']) {
      const post = await request(server).post('/api/posts').set('Cookie', cookies.member!).send({ content: text }).expect(201);
      ids.push(post.body.id as number);
    }
    const reply = await request(server).post(`/api/posts/${ids.at(-1)}/reply`).set('Cookie', cookies.staff!).send({ content: 'a reply' }).expect(201);
    ids.push(reply.body.id as number);
    expect(member.id).toBeGreaterThan(0);
    takeAnswerProblems();
  });
  afterAll(async () => {
    await t?.close();
    await giphy?.close();
    await paypal?.close();
  });

  async function send(req: GeneratedRequest, who: Identity): Promise<number> {
    const server = t.app.getHttpServer();
    let call = request(server)[req.method.toLowerCase() as 'get'](req.url);
    if (who !== 'anonymous') call = call.set('Cookie', cookies[who]!);
    // As JSON text: a draw may be any JSON value (a number, a string), which the app must refuse properly.
    if (req.body && 'json' in req.body) call = call.set('Content-Type', 'application/json').send(JSON.stringify(req.body.json));
    else if (req.body) {
      for (const [name, value] of Object.entries(req.body.fields)) call = call.field(name, value);
      for (const name of req.body.files) call = call.attach(name, tinyPng(), `${name}.png`);
    }
    const res = await call.ok(() => true);
    return res.status;
  }

  it(`answers ${REQUESTS} requests generated from the document only as it documents, with no 5xx`, async () => {
    const document = t.app.get(ApiDocument).value;
    const operations = operationsOf(document);
    // The same number of draws for every operation, each from its own seed.
    const perOperationRuns = Math.ceil(REQUESTS / operations.length);
    const identity = fc.constantFrom<Identity>('anonymous', 'member', 'member', 'staff', 'admin');
    const requests = operations.flatMap((op, i) => fc.sample(fc.tuple(requestFor(document, op, ids), identity), { seed: SEED + i, numRuns: perOperationRuns }));
    const findings: string[] = [];
    const statuses = new Map<number, number>();
    const perOperation = new Map<string, number>();
    const slowest = new Map<string, number>();
    for (const [req, who] of requests) {
      const started = Date.now();
      const status = await send(req, who);
      slowest.set(req.operationId, Math.max(slowest.get(req.operationId) ?? 0, Date.now() - started));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      perOperation.set(req.operationId, (perOperation.get(req.operationId) ?? 0) + 1);
      if (status >= 500) findings.push(`${req.method} ${req.url} as ${who}: ${status}`);
      findings.push(...takeAnswerProblems().map((p) => `${p} (as ${who})`));
      // A session the request ended (signing out, deleting the account) is replaced, so later draws stay signed in.
      if (who !== 'anonymous' && status === 200 && (req.operationId === 'auth.logout' || req.operationId === 'users.delete')) await signIn(who);
    }
    takeAnswerProblems();
    console.log(
      `OpenAPI property run: ${requests.length} requests over ${perOperation.size}/${operations.length} operations, seed ${SEED}; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; findings ${findings.length}; ` +
        `slowest ${JSON.stringify([...slowest].sort(([, a], [, b]) => b - a).slice(0, 5))}`,
    );
    expect(perOperation.size).toBe(operations.length);
    expect(requests.length).toBeGreaterThanOrEqual(REQUESTS);
    expect([...new Set(findings)]).toEqual([]);
  }, 900_000);
});
