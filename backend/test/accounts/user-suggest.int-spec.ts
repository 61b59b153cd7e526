import { randomBytes } from 'node:crypto';
import { MESSAGES, USERNAME_SUGGEST, type UserSuggestion } from '@cloud9/contracts';
import { USERNAME_SUGGEST_SQL } from '../../src/modules/users/users.sql';
import { afterPrefix } from '../../src/modules/users/username-suggestions.service';
import { analyze, bootApp, signUp, SignedIn, TestApp, withoutStatementLimit } from '../support/app';

/** A prefix of letters only that no other suite's usernames start with. */
const freshPrefix = () => `sg${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}`;

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe('GET /api/users/suggest: usernames by their start, for the @ autocomplete', () => {
  let t: TestApp;
  let viewer: SignedIn;
  let p: string;
  const names = (items: UserSuggestion[]) => items.map((u) => u.username);
  const suggest = async (prefix: string, who: SignedIn = viewer) =>
    ((await who.agent.get(`/api/users/suggest?prefix=${encodeURIComponent(prefix)}`).expect(200)).body as { items: UserSuggestion[] }).items;

  beforeAll(async () => {
    t = await bootApp();
    p = freshPrefix();
    // The viewer's own name starts with the prefix too: it is never suggested.
    viewer = await signUp(t, { username: `${p}_me` });
  });
  afterAll(() => t?.close());

  it('lists at most 8, the exact name first (any case), then followed accounts, then shorter names', async () => {
    const exact = await signUp(t, { username: p.toUpperCase() });
    const followed = await signUp(t, { username: `${p}_followed_long_name` });
    const others = [`${p}b`, `${p}zz`, `${p}aaa`, `${p}abcd`, `${p}qqqqq`, `${p}rrrrrr`, `${p}sssssss`, `${p}tttttttt`, `${p}uuuuuuuuu`];
    for (const username of others) await signUp(t, { username });
    await viewer.agent.post('/api/follow').send({ followerId: viewer.user.id, followedId: followed.user.id }).expect(200);

    const items = await suggest(`${p.slice(0, 3).toUpperCase()}${p.slice(3)}`);
    expect(items).toHaveLength(USERNAME_SUGGEST.max);
    expect(names(items)).toEqual([
      p.toUpperCase(),
      `${p}_followed_long_name`,
      `${p}b`,
      `${p}zz`,
      `${p}aaa`,
      `${p}abcd`,
      `${p}qqqqq`,
      `${p}rrrrrr`,
    ]);
    expect(items[0]).toEqual({ id: exact.user.id, username: p.toUpperCase(), name: null, thumbnail: null });
    expect(names(items)).not.toContain(viewer.user.username);

    // Someone else, who follows nobody, gets the same names by length alone (and sees the viewer).
    const other = await signUp(t);
    expect(names(await suggest(p, other)).slice(0, 4)).toEqual([p.toUpperCase(), `${p}b`, `${p}zz`, `${p}_me`]);
  });

  it('takes the prefix literally (an underscore is no wildcard) and finds nothing past it', async () => {
    expect(names(await suggest(`${p}_`))).toEqual([`${p}_followed_long_name`]);
    expect(await suggest(`${p}zz`)).toEqual([expect.objectContaining({ username: `${p}zz` })]);
    expect(await suggest(`${p}zzz`)).toEqual([]);
    expect(afterPrefix('ab_')).toBe('ab`');
    expect(afterPrefix('z9')).toBe('z:');
  });

  it('refuses a bad prefix with 400 and a catalogue message, and anyone signed out with 401', async () => {
    const cases: [string, string][] = [
      ['', MESSAGES.mentionSuggest.prefixRequired],
      ['prefix=', MESSAGES.mentionSuggest.prefixRequired],
      [`prefix=${encodeURIComponent('@bob')}`, MESSAGES.mentionSuggest.prefixInvalid],
      ['prefix=a-b', MESSAGES.mentionSuggest.prefixInvalid],
      [`prefix=${encodeURIComponent('é')}`, MESSAGES.mentionSuggest.prefixInvalid],
      [`prefix=${encodeURIComponent("a' OR 1=1")}`, MESSAGES.mentionSuggest.prefixInvalid],
      [`prefix=${'a'.repeat(31)}`, MESSAGES.mentionSuggest.prefixInvalid],
      ['prefix=ab&prefix=cd', MESSAGES.mentionSuggest.prefixRequired],
    ];
    for (const [query, error] of cases) {
      const res = await viewer.agent.get(`/api/users/suggest?${query}`);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: { success: false, error, statusCode: 400 } });
    }
    expect((await viewer.agent.get(`/api/users/suggest?prefix=${'a'.repeat(30)}`)).status).toBe(200);
    const anonymous = await t.agent().get(`/api/users/suggest?prefix=${p}`);
    expect(anonymous.status).toBe(401);
  });

  it('reads users_username_prefix in its own order, stopping at the LIMIT, even when thousands of names match', async () => {
    const filler = freshPrefix();
    await withoutStatementLimit(t, (db) =>
      db.query(
        `INSERT INTO users (username, email, password_hash, group_id)
         SELECT $1 || md5(i::text), $1 || i || '@example.com', 'x', 5 FROM generate_series(1, 3000) i`,
        [filler],
      ),
    );
    try {
      await analyze(t, 'users');
      // As the repository runs it: unnamed, so planned for the prefix it is given.
      const params = [filler, afterPrefix(filler), viewer.user.id];
      const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (await t.db.query(`EXPLAIN (FORMAT JSON) ${USERNAME_SUGGEST_SQL}`, params)) as [
        { 'QUERY PLAN': [{ Plan: Record<string, unknown> }] },
      ];
      const nodes = planNodes(plan);
      expect(nodes).toContainEqual(expect.objectContaining({ 'Node Type': 'Index Scan', 'Index Name': 'users_username_prefix' }));
      expect(nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'users')).toBe(false);
      expect(names(await suggest(filler))).toHaveLength(USERNAME_SUGGEST.max);
    } finally {
      await withoutStatementLimit(t, (db) => db.query(`DELETE FROM users WHERE username LIKE $1`, [`${filler}%`]));
    }
  });

  it('counts against RATE_LIMIT_SEARCH, per account', async () => {
    const limited = await bootApp({ RATE_LIMIT_SEARCH: '2/1m', REDIS_PREFIX: `${process.env.REDIS_PREFIX}sgrl:` });
    try {
      const who = await signUp(limited);
      for (let i = 0; i < 2; i++) await who.agent.get(`/api/users/suggest?prefix=${p}`).expect(200);
      const refused = await who.agent.get(`/api/users/suggest?prefix=${p}`);
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 429, error: MESSAGES.rateLimit.search });
    } finally {
      await limited.close();
    }
  });
});
