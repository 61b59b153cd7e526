import { MESSAGES, type Post } from '@cloud9/contracts';
import { bootApp, signUpMany, type SignedIn, type TestApp } from '../support/app';
import { eventually } from '../support/harness';
import { LoopbackPushService } from '../support/push-service';

/**
 * Web Push retries (decision 0096): a 503 or a 429 is tried again by the `send` job with the project's
 * backoff, no sooner than the push service's Retry-After, and delivered once. Waits on the retry
 * delays, so it is a timed suite.
 */
describe('web push retries', () => {
  let t: TestApp;
  const service = new LoopbackPushService();

  const newPost = async (who: SignedIn) => ((await who.agent.post('/api/posts').send({ content: 'a post' }).expect(201)).body as Post).id;

  beforeAll(async () => {
    await service.start();
    t = await bootApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUSH_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await service.stop();
  });

  it('a 503 is tried again and then delivered, once', async () => {
    const [author, fan] = await signUpMany(t, 2);
    const device = service.device([503, 503, 201]);
    await author.agent.post('/api/push/subscriptions').send(device).expect(201);
    await fan.agent.post(`/api/posts/${await newPost(author)}/like`).send({}).expect(200);
    expect(await eventually(async () => service.to(device.endpoint).some((p) => p.status === 201), 15_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const answers = service.to(device.endpoint).map((p) => p.status);
    expect(answers).toEqual([503, 503, 201]);
    expect(service.to(device.endpoint).every((p) => p.payload.body === MESSAGES.alerts.like(fan.user.username))).toBe(true);
    expect(await t.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [device.endpoint])).toHaveLength(1);
  });

  it('a 429 with Retry-After waits at least that long before the next attempt', async () => {
    const [author, fan] = await signUpMany(t, 2);
    const device = service.device([{ status: 429, retryAfter: '3' }, 201]);
    await author.agent.post('/api/push/subscriptions').send(device).expect(201);
    await fan.agent.post(`/api/posts/${await newPost(author)}/like`).send({}).expect(200);
    expect(await eventually(async () => service.to(device.endpoint).some((p) => p.status === 201), 15_000)).toBe(true);
    const [refused, delivered] = service.to(device.endpoint);
    expect(refused.status).toBe(429);
    expect(delivered.at - refused.at).toBeGreaterThanOrEqual(2900);
  });
});
