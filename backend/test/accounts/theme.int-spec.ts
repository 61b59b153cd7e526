import { MESSAGES } from '@cloud9/contracts';
import { bootApp, PASSWORD, signUp, type TestApp } from '../support/app';

describe("PUT /api/me/theme: the account's colour theme, answered by GET /api/me", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  it('starts as system, keeps each valid choice, and GET /api/me answers it', async () => {
    const member = await signUp(t);
    expect((await member.agent.get('/api/me').expect(200)).body.theme).toBe('system');
    for (const theme of ['dark', 'light', 'system', 'dark'] as const) {
      const res = await member.agent.put('/api/me/theme').send({ theme }).expect(200);
      expect(res.body).toEqual({ theme });
      expect((await member.agent.get('/api/me').expect(200)).body.theme).toBe(theme);
    }
    const [row] = (await t.db.query('SELECT theme FROM users WHERE id = $1', [member.user.id])) as { theme: string }[];
    expect(row.theme).toBe('dark');
  });

  it('follows the member to another browser: a new sign-in reads it', async () => {
    const member = await signUp(t);
    await member.agent.put('/api/me/theme').send({ theme: 'dark' }).expect(200);
    const elsewhere = t.agent();
    await elsewhere.post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    expect((await elsewhere.get('/api/me').expect(200)).body.theme).toBe('dark');
  });

  it.each([
    ['an unknown theme', { theme: 'sepia' }],
    ['the wrong case', { theme: 'Dark' }],
    ['a number', { theme: 1 }],
    ['null', { theme: null }],
    ['no theme', {}],
  ])('refuses %s with 400 and the catalogue message, keeping the old theme', async (_name, body) => {
    const member = await signUp(t);
    await member.agent.put('/api/me/theme').send({ theme: 'light' }).expect(200);
    const res = await member.agent.put('/api/me/theme').send(body).expect(400);
    expect(res.body).toMatchObject({ success: false, error: MESSAGES.theme.invalidTheme, statusCode: 400 });
    expect((await member.agent.get('/api/me').expect(200)).body.theme).toBe('light');
  });

  it('answers 401 signed out, and changes nothing', async () => {
    const res = await t.agent().put('/api/me/theme').send({ theme: 'dark' }).expect(401);
    expect(res.body).toMatchObject({ success: false, statusCode: 401 });
  });
});
