import request from 'supertest';
import { MESSAGES, planFor, type SubscribeResult } from '@cloud9/contracts';
import { FakePayPal, startFakePayPal } from '../fakes/paypal-server';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';

const CLIENT_ID = 'fake-client-id';
const SECRET = 'fake-secret';
const WEBHOOK_ID = 'WH-FAKE-1';
const PLANS = { PAYPAL_PLAN_SILVER: 'P-SILVER', PAYPAL_PLAN_GOLD: 'P-GOLD', PAYPAL_PLAN_PLATINUM: 'P-PLAT', PAYPAL_PLAN_DIAMOND: 'P-DIA' };
const future = () => new Date(Date.now() + 20 * 86400_000).toISOString();
let seq = 0;
const subId = () => `I-TEST${Date.now().toString(36).toUpperCase()}${++seq}`;

describe('PayPal subscriptions and webhooks (through the fake PayPal)', () => {
  let fake: FakePayPal;
  let t: TestApp;

  const api = () => request(t.app.getHttpServer());
  const groupOf = async (id: number) => Number((await t.db.query('SELECT group_id FROM users WHERE id = $1', [id]))[0].group_id);
  const subRows = async (id: string) => (await t.db.query('SELECT * FROM subscriptions WHERE provider_subscription_id = $1', [id])) as Array<Record<string, unknown>>;
  const tokenCalls = () => fake.requests.filter((r) => r.path === '/v1/oauth2/token').length;
  /** Runs the billing sweep now (it repeats every 15 minutes) and answers its result. */
  async function runSweep(): Promise<{ downgraded: number[]; asked: number }> {
    const { BillingJobs } = await import('../../src/modules/billing/billing.jobs');
    const { DOWNGRADE_EXPIRED_JOB } = await import('../../src/jobs/job-map');
    const queue = t.app.get(BillingJobs).queue;
    const job = await queue.add(DOWNGRADE_EXPIRED_JOB, {});
    for (let i = 0; i < 100 && !(await job.isCompleted()); i++) await new Promise((r) => setTimeout(r, 100));
    return (await queue.getJob(job.id!))!.returnvalue;
  }
  const lookups = (id: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/billing/subscriptions/${id}`).length;

  function webhook(event: Record<string, unknown>, sig = fake.goodSignature) {
    return api()
      .post('/api/webhooks/paypal')
      .set('PAYPAL-AUTH-ALGO', 'SHA256withRSA')
      .set('PAYPAL-CERT-URL', 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77')
      .set('PAYPAL-TRANSMISSION-ID', `tx-${event.id as string}`)
      .set('PAYPAL-TRANSMISSION-SIG', sig)
      .set('PAYPAL-TRANSMISSION-TIME', new Date().toISOString())
      .send(event);
  }
  const event = (type: string, resource: Record<string, unknown>, id = `WH-${Date.now()}-${++seq}`) => ({
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'subscription',
    event_type: type,
    summary: type,
    resource,
  });

  async function subscribed(groupId = 6, plan = 'P-SILVER', nextBilling: string | null = future()): Promise<{ u: SignedIn; id: string }> {
    const u = await signUp(t);
    const id = subId();
    fake.seedSubscription({ id, status: 'ACTIVE', plan_id: plan, billing_info: nextBilling ? { next_billing_time: nextBilling } : {} });
    await u.agent.post('/api/subscriptions').send({ subscriptionId: id, groupId }).expect(200);
    return { u, id };
  }

  beforeAll(async () => {
    fake = await startFakePayPal({ clientId: CLIENT_ID, secret: SECRET, webhookId: WEBHOOK_ID });
    t = await bootApp({
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: SECRET,
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      DONATE_URL: 'https://www.paypal.com/donate/?hosted_button_id=FAKE123',
      ...PLANS,
      REDIS_PREFIX: process.env.REDIS_PREFIX + 'billing1:',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('accepts an ACTIVE Silver (paid at once) and an APPROVED Gold (pending) subscription verified with PayPal; the token is fetched once', async () => {
    fake.requests.length = 0;
    const a = await signUp(t);
    const idA = subId();
    const next = future();
    fake.seedSubscription({ id: idA, status: 'ACTIVE', plan_id: 'P-SILVER', billing_info: { next_billing_time: next } });
    const res = await a.agent.post('/api/subscriptions').send({ subscriptionId: idA, groupId: 6 }).expect(200);
    const body = res.body as SubscribeResult;
    expect(body).toMatchObject({ success: true, groupId: 6, limits: { postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true } });
    expect(body.subscription).toMatchObject({ planName: 'Silver', subscriptionId: idA, status: 'ACTIVE' });
    expect(Number.isNaN(Date.parse(body.subscription.createdAt))).toBe(false);
    expect(await groupOf(a.user.id)).toBe(6);
    const [row] = await subRows(idA);
    expect(new Date(row.current_period_end as string).toISOString()).toBe(next);

    const b = await signUp(t);
    const idB = subId();
    fake.seedSubscription({ id: idB, status: 'APPROVED', plan_id: 'P-GOLD' });
    const resB = await b.agent.post('/api/subscriptions').send({ subscriptionId: idB, groupId: 7 }).expect(200);
    expect(resB.body).toMatchObject({ groupId: 5, limits: { postLimit: planFor(5)!.postLimit }, subscription: { planName: 'Gold', status: 'APPROVED' } });
    expect(await groupOf(b.user.id)).toBe(5);

    // Same account again: idempotent.
    await a.agent.post('/api/subscriptions').send({ subscriptionId: idA, groupId: 6 }).expect(200);
    expect(await subRows(idA)).toHaveLength(1);

    expect(tokenCalls()).toBe(1);
    const token = fake.requests.find((r) => r.path === '/v1/oauth2/token')!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`);
    expect(token.body).toBe('grant_type=client_credentials');
    const gets = fake.requests.filter((r) => r.path.startsWith('/v1/billing/subscriptions/'));
    expect(gets.length).toBe(3);
    expect(new Set(gets.map((r) => r.headers.authorization)).size).toBe(1);
    expect(gets[0].headers.authorization).toMatch(/^Bearer A21AA/);
  });

  it('refuses, changing nothing: unknown id, other plan, CANCELLED, bound to another account, Coming Soon plans, bad group', async () => {
    const u = await signUp(t);
    const post = (subscriptionId: string, groupId: number) => u.agent.post('/api/subscriptions').send({ subscriptionId, groupId });

    const unknown = await post('I-DOESNOTEXIST', 6).expect(400);
    expect(unknown.body.error).toBe(MESSAGES.payment.subscriptionNotFound);

    const gold = subId();
    fake.seedSubscription({ id: gold, status: 'ACTIVE', plan_id: 'P-GOLD' });
    expect((await post(gold, 6).expect(400)).body.error).toBe(MESSAGES.payment.planMismatch);

    const cancelled = subId();
    fake.seedSubscription({ id: cancelled, status: 'CANCELLED', plan_id: 'P-SILVER' });
    expect((await post(cancelled, 6).expect(400)).body.error).toBe(MESSAGES.payment.subscriptionNotActive('CANCELLED'));

    const { id: taken } = await subscribed(6);
    expect((await post(taken, 6).expect(409)).body.error).toBe(MESSAGES.payment.subscriptionTaken);

    const plat = subId();
    fake.seedSubscription({ id: plat, status: 'ACTIVE', plan_id: 'P-PLAT' });
    expect((await post(plat, 8).expect(400)).body.error).toBe(MESSAGES.payment.comingSoon('Platinum'));
    expect((await post(plat, 9).expect(400)).body.error).toBe(MESSAGES.payment.comingSoon('Diamond'));
    expect((await post(plat, 5).expect(400)).body.error).toBe(MESSAGES.payment.invalidGroup);
    await post('../oauth2/token', 6).expect(400);

    expect(await groupOf(u.user.id)).toBe(5);
    expect(await t.db.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [u.user.id])).toHaveLength(0);
    expect((await subRows(taken))[0].user_id).not.toBe(String(u.user.id));
    await request(t.app.getHttpServer()).post('/api/subscriptions').send({ subscriptionId: gold, groupId: 7 }).expect(401);
  });

  it('a forged webhook (bad signature) or one without the PAYPAL-* headers is 400 and changes nothing', async () => {
    const { u, id } = await subscribed(6);
    const forged = event('BILLING.SUBSCRIPTION.CANCELLED', { id, status: 'CANCELLED' });
    await webhook(forged, 'forged-signature').expect(400);
    await api().post('/api/webhooks/paypal').send(forged).expect(400);
    expect((await subRows(id))[0].status).toBe('ACTIVE');
    expect(await t.db.query('SELECT 1 FROM webhook_events WHERE event_id = $1', [forged.id])).toHaveLength(0);
    expect(await groupOf(u.user.id)).toBe(6);

    const verify = fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').at(-1)!;
    const sent = JSON.parse(verify.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ auth_algo: 'SHA256withRSA', transmission_id: `tx-${forged.id}`, transmission_sig: 'forged-signature', webhook_id: WEBHOOK_ID, webhook_event: forged });
    expect(typeof sent.cert_url).toBe('string');
    expect(typeof sent.transmission_time).toBe('string');
  });

  it('sends PayPal the delivered body verbatim for verification (numbers like 10.00 are not re-serialised)', async () => {
    const { id } = await subscribed(6);
    const e = event('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id, status: 'ACTIVE' });
    // As PayPal sends it: its own spacing and an amount written 10.00, which JSON.parse would turn into 10.
    const raw = JSON.stringify(e).replace('"resource":{', '"resource": {"last_failed_payment":{"amount":{"currency_code":"USD","value":10.00}},');
    fake.requests.length = 0;
    await api()
      .post('/api/webhooks/paypal')
      .set('content-type', 'application/json')
      .set('PAYPAL-AUTH-ALGO', 'SHA256withRSA')
      .set('PAYPAL-CERT-URL', 'https://api.paypal.com/v1/notifications/certs/CERT-1')
      .set('PAYPAL-TRANSMISSION-ID', `tx-${e.id}`)
      .set('PAYPAL-TRANSMISSION-SIG', fake.goodSignature)
      .set('PAYPAL-TRANSMISSION-TIME', new Date().toISOString())
      .send(raw)
      .expect(200);
    const verify = fake.requests.find((r) => r.path === '/v1/notifications/verify-webhook-signature')!;
    expect(verify.body.endsWith(`,"webhook_event":${raw}}`)).toBe(true);
    expect(JSON.parse(verify.body)).toMatchObject({ webhook_id: WEBHOOK_ID, transmission_sig: fake.goodSignature });
  });

  it('applies a replayed event id once; PAYMENT.FAILED records the status without a downgrade', async () => {
    const { u, id } = await subscribed(6);
    const failed = event('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id, status: 'ACTIVE' });
    expect((await webhook(failed).expect(200)).body).toEqual({ success: true });
    expect((await subRows(id))[0].status).toBe('PAYMENT_FAILED');
    expect(await groupOf(u.user.id)).toBe(6);

    await t.db.query(`UPDATE subscriptions SET status = 'ACTIVE' WHERE provider_subscription_id = $1`, [id]);
    expect((await webhook(failed).expect(200)).body).toEqual({ success: true, duplicate: true });
    expect((await subRows(id))[0].status).toBe('ACTIVE');

    const unknown = event('BILLING.SUBSCRIPTION.CANCELLED', { id: 'I-NOBODY' });
    expect((await webhook(unknown).expect(200)).body).toEqual({ success: true, ignored: true });
  });

  it('CANCELLED with a future period end keeps the group until it ends, then the sweep / get-subscription moves to Basic', async () => {
    const { u, id } = await subscribed(6);
    await webhook(event('BILLING.SUBSCRIPTION.CANCELLED', { id, status: 'CANCELLED' })).expect(200);
    expect((await subRows(id))[0].status).toBe('CANCELLED');
    expect(await groupOf(u.user.id)).toBe(6);
    expect((await u.agent.get(`/api/get-subscription/${u.user.id}`).expect(200)).body).toMatchObject({ status: 'CANCELLED', planName: 'Silver' });
    expect(await groupOf(u.user.id)).toBe(6);

    await t.db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE provider_subscription_id = $1`, [id]);
    await u.agent.get(`/api/get-subscription/${u.user.id}`).expect(200);
    expect(await groupOf(u.user.id)).toBe(5);

    // The sweep itself, and an EXPIRED subscription without a period end (downgraded at once).
    const second = await subscribed(7, 'P-GOLD');
    await t.db.query(`UPDATE subscriptions SET status = 'SUSPENDED', current_period_end = now() - interval '1 day' WHERE provider_subscription_id = $1`, [second.id]);
    // The sweep runs as a repeating BullMQ job; run it now rather than wait 15 minutes.
    const { BillingJobs, DOWNGRADE_SCHEDULER } = await import('../../src/modules/billing/billing.jobs');
    const { DOWNGRADE_EXPIRED_JOB } = await import('../../src/jobs/job-map');
    const queue = t.app.get(BillingJobs).queue;
    expect((await queue.getJobSchedulers()).map((s) => s.key)).toContain(DOWNGRADE_SCHEDULER);
    const job = await queue.add(DOWNGRADE_EXPIRED_JOB, {});
    for (let i = 0; i < 100 && !(await job.isCompleted()); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ downgraded: expect.arrayContaining([second.u.user.id]), asked: expect.any(Number) });
    expect(await groupOf(second.u.user.id)).toBe(5);

    const third = await subscribed(6, 'P-SILVER', null);
    await webhook(event('BILLING.SUBSCRIPTION.EXPIRED', { id: third.id, status: 'EXPIRED' })).expect(200);
    expect(await groupOf(third.u.user.id)).toBe(5);

    // ACTIVATED (re-activation) restores the plan's group.
    await webhook(event('BILLING.SUBSCRIPTION.ACTIVATED', { id: third.id, status: 'ACTIVE', plan_id: 'P-SILVER', billing_info: { next_billing_time: future() } })).expect(200);
    expect(await groupOf(third.u.user.id)).toBe(6);
    expect((await subRows(third.id))[0].status).toBe('ACTIVE');
  });

  it('APPROVED is pending, not paid: no plan, no boosts, until PayPal says ACTIVE (the ACTIVATED webhook)', async () => {
    const u = await signUp(t);
    const id = subId();
    fake.seedSubscription({ id, status: 'APPROVED', plan_id: 'P-SILVER' });
    const body = (await u.agent.post('/api/subscriptions').send({ subscriptionId: id, groupId: 6 }).expect(200)).body as SubscribeResult;
    expect(body).toMatchObject({ success: true, groupId: 5, limits: { postLimit: planFor(5)!.postLimit }, subscription: { subscriptionId: id, status: 'APPROVED' } });
    expect(await groupOf(u.user.id)).toBe(5);
    expect((await u.agent.get(`/api/boost/quota/${u.user.id}`).expect(200)).body).toMatchObject({ allowed: 0 });
    // Neither reading the subscription nor the sweep makes it paid while PayPal has not said ACTIVE.
    expect((await u.agent.get(`/api/get-subscription/${u.user.id}`).expect(200)).body).toMatchObject({ status: 'APPROVED' });
    await runSweep();
    expect(await groupOf(u.user.id)).toBe(5);
    // Sending it again changes nothing either.
    const resent = await u.agent.post('/api/subscriptions').send({ subscriptionId: id, groupId: 6 }).expect(200);
    expect(resent.body.groupId).toBe(5);

    fake.setStatus(id, 'ACTIVE', future());
    await webhook(event('BILLING.SUBSCRIPTION.ACTIVATED', { id, status: 'ACTIVE', plan_id: 'P-SILVER', billing_info: { next_billing_time: future() } })).expect(200);
    expect(await groupOf(u.user.id)).toBe(6);
    expect((await subRows(id))[0].status).toBe('ACTIVE');
    expect((await u.agent.get(`/api/boost/quota/${u.user.id}`).expect(200)).body).toMatchObject({ allowed: 1 });
  });

  it('an event made before the subscription\'s last change is ignored (PayPal delivers out of order and retries)', async () => {
    const { u, id } = await subscribed(6);
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const stale = { ...event('BILLING.SUBSCRIPTION.CANCELLED', { id, status: 'CANCELLED' }), create_time: hourAgo };
    expect((await webhook(stale).expect(200)).body).toEqual({ success: true, ignored: true });
    expect((await subRows(id))[0].status).toBe('ACTIVE');
    expect(await groupOf(u.user.id)).toBe(6);
    // Applied once all the same: PayPal's retry of it is a duplicate.
    expect((await webhook(stale).expect(200)).body).toEqual({ success: true, duplicate: true });

    // Out of order: SUSPENDED (newer) arrives first, then ACTIVATED made before it.
    const activatedAt = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const suspended = event('BILLING.SUBSCRIPTION.SUSPENDED', { id, status: 'SUSPENDED' });
    expect((await webhook(suspended).expect(200)).body).toEqual({ success: true });
    const late = { ...event('BILLING.SUBSCRIPTION.ACTIVATED', { id, status: 'ACTIVE', plan_id: 'P-SILVER' }), create_time: activatedAt };
    expect((await webhook(late).expect(200)).body).toEqual({ success: true, ignored: true });
    expect((await subRows(id))[0].status).toBe('SUSPENDED');
  });

  it('the sweep asks PayPal about subscriptions past their period and applies the answer: renewed or ended', async () => {
    const renewed = await subscribed(6);
    const ended = await subscribed(7, 'P-GOLD');
    await t.db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE provider_subscription_id = ANY($1)`, [[renewed.id, ended.id]]);
    const next = future();
    fake.setStatus(renewed.id, 'ACTIVE', next);
    fake.setStatus(ended.id, 'CANCELLED');
    fake.requests.length = 0;
    const result = await runSweep();
    expect(lookups(renewed.id)).toBe(1);
    expect(lookups(ended.id)).toBe(1);
    expect(result.asked).toBeGreaterThanOrEqual(2);
    expect(result.downgraded).toContain(ended.u.user.id);
    const [row] = await subRows(renewed.id);
    expect([row.status, new Date(row.current_period_end as string).toISOString()]).toEqual(['ACTIVE', next]);
    expect(await groupOf(renewed.u.user.id)).toBe(6);
    expect((await subRows(ended.id))[0].status).toBe('CANCELLED');
    expect(await groupOf(ended.u.user.id)).toBe(5);

    // Asked at most once an hour: the next sweep leaves them alone.
    fake.requests.length = 0;
    await runSweep();
    expect(lookups(renewed.id) + lookups(ended.id)).toBe(0);
  });

  it('the sweep asks PayPal about subscriptions pending for over an hour: ACTIVE makes them paid, CANCELLED ends them, APPROVED waits', async () => {
    const pending = async (groupId: number, plan: string) => {
      const u = await signUp(t);
      const id = subId();
      fake.seedSubscription({ id, status: 'APPROVED', plan_id: plan });
      await u.agent.post('/api/subscriptions').send({ subscriptionId: id, groupId }).expect(200);
      return { u, id };
    };
    const [activated, cancelled, waiting, recent] = [await pending(7, 'P-GOLD'), await pending(6, 'P-SILVER'), await pending(6, 'P-SILVER'), await pending(6, 'P-SILVER')];
    await t.db.query(`UPDATE subscriptions SET updated_at = now() - interval '61 minutes' WHERE provider_subscription_id = ANY($1)`, [[activated.id, cancelled.id, waiting.id]]);
    const next = future();
    fake.setStatus(activated.id, 'ACTIVE', next);
    fake.setStatus(cancelled.id, 'CANCELLED');
    fake.setStatus(recent.id, 'ACTIVE', next);
    fake.requests.length = 0;
    await runSweep();
    expect([lookups(activated.id), lookups(cancelled.id), lookups(waiting.id), lookups(recent.id)]).toEqual([1, 1, 1, 0]);
    const [row] = await subRows(activated.id);
    expect([row.status, new Date(row.current_period_end as string).toISOString()]).toEqual(['ACTIVE', next]);
    expect(await groupOf(activated.u.user.id)).toBe(7);
    expect((await subRows(cancelled.id))[0].status).toBe('CANCELLED');
    expect(await groupOf(cancelled.u.user.id)).toBe(5);
    expect((await subRows(waiting.id))[0].status).toBe('APPROVED');
    expect(await groupOf(waiting.u.user.id)).toBe(5);
    // Pending for less than an hour: not asked yet, still not paid.
    expect((await subRows(recent.id))[0].status).toBe('APPROVED');
    expect(await groupOf(recent.u.user.id)).toBe(5);
  });

  it("pushes account:updated to the member's sockets when the group changes: subscribe, a webhook that ends the plan, an admin's change", async () => {
    const { RealtimeService } = await import('../../src/modules/realtime/realtime.service');
    const pushed = jest.spyOn(t.app.get(RealtimeService), 'toUser');
    try {
      const { u, id } = await subscribed(6, 'P-SILVER', null);
      expect(pushed).toHaveBeenCalledWith(u.user.id, 'account:updated', { group_id: 6 });
      await webhook(event('BILLING.SUBSCRIPTION.EXPIRED', { id, status: 'EXPIRED' })).expect(200);
      expect(pushed).toHaveBeenLastCalledWith(u.user.id, 'account:updated', { group_id: 5 });
      const admin = await signUp(t, { groupId: 1 });
      await admin.agent.patch(`/api/admin/users/${u.user.id}`).send({ group_id: 7 }).expect(200);
      expect(pushed).toHaveBeenLastCalledWith(u.user.id, 'account:updated', { group_id: 7 });
    } finally {
      pushed.mockRestore();
    }
  });

  it('an admin who subscribes keeps group 1, and the answer carries the admin limits, not the plan\'s', async () => {
    const admin = await signUp(t, { groupId: 1 });
    const id = subId();
    fake.seedSubscription({ id, status: 'ACTIVE', plan_id: 'P-SILVER', billing_info: { next_billing_time: future() } });
    const body = (await admin.agent.post('/api/subscriptions').send({ subscriptionId: id, groupId: 6 }).expect(200)).body as SubscribeResult;
    expect(body).toMatchObject({ groupId: 1, limits: { postLimit: 3000, mediaLimit: 20480, editTimeout: null, priorityBoost: false }, subscription: { planName: 'Silver' } });
    expect(await groupOf(admin.user.id)).toBe(1);
  });

  it('get-subscription: own and admin 200, others 403, anonymous 401, none 200 with no subscription', async () => {
    const { u, id } = await subscribed(6);
    const other = await signUp(t);
    const admin = await signUp(t, { groupId: 1 });
    expect((await u.agent.get(`/api/get-subscription/${u.user.id}`).expect(200)).body).toMatchObject({ planName: 'Silver', subscriptionId: id, status: 'ACTIVE' });
    await admin.agent.get(`/api/get-subscription/${u.user.id}`).expect(200);
    await other.agent.get(`/api/get-subscription/${u.user.id}`).expect(403);
    await api().get(`/api/get-subscription/${u.user.id}`).expect(401);
    // Never having subscribed is a normal answer, not a failed request: 200 and JSON null.
    const none = await other.agent.get(`/api/get-subscription/${other.user.id}`).expect(200);
    expect(none.headers['content-type']).toMatch(/^application\/json/);
    expect(none.text).toBe('null');
    await admin.agent.get(`/api/get-subscription/${other.user.id}`).expect(200);
  });

  it('an admin who subscribes keeps the admin group', async () => {
    const admin = await signUp(t, { groupId: 1 });
    const id = subId();
    fake.seedSubscription({ id, status: 'ACTIVE', plan_id: 'P-SILVER' });
    expect((await admin.agent.post('/api/subscriptions').send({ subscriptionId: id, groupId: 6 }).expect(200)).body.groupId).toBe(1);
    expect(await groupOf(admin.user.id)).toBe(1);
  });

  it('serves DONATE_URL as donateUrl in GET /api/config', async () => {
    expect((await api().get('/api/config').expect(200)).body.donateUrl).toBe('https://www.paypal.com/donate/?hosted_button_id=FAKE123');
  });

  it('a PayPal outage is a 502 with the catalogue message', async () => {
    const down = await bootApp({ PAYPAL_API_BASE: 'http://127.0.0.1:9', PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: SECRET, PAYPAL_WEBHOOK_ID: WEBHOOK_ID, ...PLANS, REDIS_PREFIX: process.env.REDIS_PREFIX + 'billing3:' });
    try {
      const u = await signUp(down);
      const res = await u.agent.post('/api/subscriptions').send({ subscriptionId: 'I-ANY', groupId: 6 }).expect(502);
      expect(res.body.error).toBe(MESSAGES.payment.paypalError);
      expect(await down.db.query('SELECT group_id FROM users WHERE id = $1', [u.user.id])).toEqual([{ group_id: 5 }]);
    } finally {
      await down.close();
    }
  });
});

describe('PayPal not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootApp({ PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '', REDIS_PREFIX: process.env.REDIS_PREFIX + 'billing2:' });
  });
  afterAll(async () => t?.close());

  it('POST /api/subscriptions is 503 with the catalogue message and changes nothing', async () => {
    const u = await signUp(t);
    const res = await u.agent.post('/api/subscriptions').send({ subscriptionId: 'I-ANY', groupId: 6 }).expect(503);
    expect(res.body.error).toBe(MESSAGES.payment.notConfigured);
    expect(await t.db.query('SELECT group_id FROM users WHERE id = $1', [u.user.id])).toEqual([{ group_id: 5 }]);
    const hook = await request(t.app.getHttpServer()).post('/api/webhooks/paypal').send({ id: 'WH-X', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: {} }).expect(503);
    expect(hook.body.error).toBe(MESSAGES.payment.notConfigured);
  });
});
