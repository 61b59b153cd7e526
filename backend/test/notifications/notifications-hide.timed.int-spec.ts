import { GroupId, matchesMutedWords, normalizeMutedWord, type AlertGroup, type AlertSync, type UserAlert } from '@cloud9/contracts';
import { mutedWordsPatternSql } from '../../src/modules/safety/safety.sql';
import { PASSWORD, signUp, type SignedIn } from '../support/app';
import { sessionCookieOf, type WatchedApp } from '../support/harness';
import { SocketClients, startInstance, type ClientSocket } from '../support/instances';
import { ALERT_SYNC_EVERY_MS } from '../../src/modules/notifications/alert-sync';

/**
 * What a member hides reaches their notifications: alerts from an account they mute are neither
 * stored nor pushed (older ones hidden while the mute stands), alerts whose post holds one of their
 * muted words are hidden from every reading and never announced, and alerts from a suspended member
 * stop showing while the suspension runs. Each is undone by its opposite.
 */
describe('notifications hide what the member hides', () => {
  let t: WatchedApp;
  let url: string;
  const clients = new SocketClients();

  beforeAll(async () => {
    ({ t, url } = await startInstance(`${process.env.REDIS_PREFIX}hide:`));
  });
  afterAll(async () => {
    clients.closeSockets();
    await t?.close();
  });

  const post = async (who: SignedIn, content = 'a post') => (await who.agent.post('/api/posts').send({ content, category: 'General' }).expect(201)).body.id as number;
  const like = (who: SignedIn, postId: number) => who.agent.post(`/api/posts/${postId}/like`).send({}).expect(200);
  /** A socket of `who` on a session of its own, with everything it hears. */
  const listen = async (who: SignedIn) => {
    const login = await t.request().post('/api/login').send({ username: who.user.username, password: PASSWORD }).expect(200);
    const socket: ClientSocket = await clients.connect(url, sessionCookieOf(login));
    const heard = { alerts: [] as UserAlert[], syncs: [] as AlertSync[] };
    socket.on('alert:new', (alert) => heard.alerts.push(alert));
    socket.on('alert:sync', (sync) => heard.syncs.push(sync));
    return heard;
  };
  const until = async (check: () => boolean, what: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const list = async (who: SignedIn) => (await who.agent.get(`/api/notifications/user/${who.user.id}`).expect(200)).body.items as UserAlert[];
  const groups = async (who: SignedIn) => (await who.agent.get(`/api/notifications/user/${who.user.id}`).query({ grouped: 1 }).expect(200)).body.items as AlertGroup[];
  const latest = async (who: SignedIn) => (await who.agent.get('/api/notifications/status').expect(200)).body.latestUserAlert as string | null;
  const storedFrom = async (actor: SignedIn, recipient: SignedIn) =>
    (await t.db.query('SELECT count(*)::int AS n FROM user_alerts WHERE actor_id = $1 AND recipient_id = $2', [actor.user.id, recipient.user.id]))[0].n as number;

  it('an account the recipient mutes raises no alert (stored or pushed) while acting freely; older ones hide until the unmute', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const carol = await signUp(t);
    const alicePost = await post(alice);
    const bobPost = await post(bob);
    await like(bob, alicePost); // before the mute
    const heard = await listen(alice);
    await alice.agent.post(`/api/mutes/${bob.user.id}`).expect(200);

    await bob.agent.post('/api/follow').send({ followerId: bob.user.id, followedId: alice.user.id }).expect(200);
    await bob.agent.post(`/api/posts/${alicePost}/repost`).send({}).expect(200);
    await bob.agent.post(`/api/posts/${alicePost}/reply`).send({ content: 'a reply' }).expect(201);
    await post(bob, `hello @${alice.user.username}`);
    expect(await storedFrom(bob, alice)).toBe(1); // the like from before the mute only

    await like(carol, alicePost);
    await until(() => heard.alerts.length > 0, 'carol’s push');
    expect(heard.alerts.map((a) => a.actor_username)).toEqual([carol.user.username]);
    const [carolsLike] = await list(alice);
    expect((await list(alice)).map((a) => a.actor_username)).toEqual([carol.user.username]);
    expect((await groups(alice)).map((g) => [g.key, g.count])).toEqual([[`like:${alicePost}`, 1]]);
    expect(await latest(alice)).toBe(carolsLike.createdAt);

    // A mute is one way: bob still hears of alice.
    await like(alice, bobPost);
    expect(await storedFrom(alice, bob)).toBe(1);

    await alice.agent.delete(`/api/mutes/${bob.user.id}`).expect(200);
    expect((await list(alice)).map((a) => a.actor_username)).toEqual([carol.user.username, bob.user.username]);
    expect((await groups(alice)).map((g) => [g.key, g.count])).toEqual([[`like:${alicePost}`, 2]]);
  });

  it('muted words hide the alerts whose post holds them from the list, the groups, the dot, the pushes and the sync; removing the word brings them back', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const carol = await signUp(t);
    const at = `@${alice.user.username}`;
    const word = (await alice.agent.post('/api/muted-words').send({ word: 'Spoiler' }).expect(201)).body.id as number;
    await alice.agent.post('/api/muted-words').send({ word: 'plot twist' }).expect(201);
    const aliceOwn = await post(alice, 'my spoiler-free post'); // her own words count too: the group would show them
    const alicePlain = await post(alice, 'nothing to hide');
    const heard = await listen(alice);

    const hidden = [
      await post(bob, `no SPOILER! ${at}`),
      await post(bob, `#spoiler ${at}`),
      await post(bob, `the plot \n  twist ${at}`),
      (await bob.agent.post(`/api/posts/${alicePlain}/reply`).send({ content: 'spoiler: it ends' }).expect(201)).body.id as number,
    ];
    await like(bob, aliceOwn);
    const shown = [await post(bob, `spoilers and plots ${at}`), await post(bob, `twist and plot ${at}`)];
    // Every alert is stored (a word taken off must bring them back); only the shown ones were pushed.
    expect(await storedFrom(bob, alice)).toBe(7);
    await until(() => heard.alerts.length >= shown.length, 'the shown mentions');
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.alerts.map((a) => a.post_id).sort()).toEqual([...shown].sort());

    const items = await list(alice);
    expect(items.map((a) => a.post_id)).toEqual([...shown].reverse());
    expect((await groups(alice)).map((g) => [g.type, g.post?.id])).toEqual([...shown].reverse().map((id) => ['mention', id]));
    expect(await latest(alice)).toBe(items[0].createdAt);

    // The sync sweep says nothing of a hidden alert: one hidden mention gets a sweep to itself, then a
    // shown one from carol is announced (the sweeps go in id order, so the hidden one was passed).
    await post(bob, `spoiler alert ${at}`);
    const [hiddenLast] = await t.db.query(`SELECT max(id)::int AS id FROM user_alerts WHERE recipient_id = $1`, [alice.user.id]);
    await new Promise((r) => setTimeout(r, ALERT_SYNC_EVERY_MS + 500));
    await like(carol, alicePlain);
    const [carols] = await t.db.query(`SELECT id::int FROM user_alerts WHERE recipient_id = $1 AND actor_id = $2`, [alice.user.id, carol.user.id]);
    await until(() => heard.syncs.some((s) => s.latestAlertId === carols.id), 'carol’s sync', ALERT_SYNC_EVERY_MS * 3);
    expect(heard.syncs.map((s) => s.latestAlertId)).not.toContain(hiddenLast.id);

    await alice.agent.delete(`/api/muted-words/${word}`).expect(200);
    const back = (await list(alice)).filter((a) => a.actor_username === bob.user.username);
    expect(back).toHaveLength(7); // all 8 but the one "plot twist" still hides
    expect(back.map((a) => a.post_id)).not.toContain(hidden[2]);
  });

  it('alerts from a suspended member stop showing while the suspension runs, and show again once it is lifted', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const reporter = await signUp(t);
    const staff = await signUp(t, { groupId: GroupId.Staff3 });
    const alicePost = await post(alice);
    await like(bob, alicePost);
    await bob.agent.post('/api/follow').send({ followerId: bob.user.id, followedId: alice.user.id }).expect(200);
    expect((await list(alice)).map((a) => a.type)).toEqual(['follow', 'like']);

    const act = async (body: object) => {
      const id = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: bob.user.id, reason: 'spam' }).expect(201)).body.id;
      await staff.agent.post(`/api/moderation/reports/${id}/actions`).send(body).expect(200);
    };
    await act({ action: 'suspend', until: new Date(Date.now() + 86_400_000).toISOString(), text: 'cool off' });
    expect(await list(alice)).toEqual([]);
    expect(await groups(alice)).toEqual([]);
    expect(await latest(alice)).toBeNull();

    await act({ action: 'unsuspend' });
    expect((await list(alice)).map((a) => a.type)).toEqual(['follow', 'like']);
    expect((await groups(alice)).map((g) => g.type)).toEqual(['follow', 'like']);
  });

  it('the muted words’ SQL pattern answers as the contracts rule does', async () => {
    const owner = await signUp(t);
    const cases: [string[], string][] = [
      [['cat'], 'I love my Cat!'], [['cat'], '#cat pictures'], [['cat'], 'CAT'], [['cat'], 'a new category'], [['cat'], 'concatenate'],
      [['caf'], 'café'], [['café'], 'Café au lait'], [['cafe\u0301'.normalize('NFC')], 'cafe\u0301 time'], [['spoiler alert'], 'big\nspoiler   alert here'],
      [['straße'], 'Straße gesperrt'], [['東京'], '東京 trip'], [['東'], '東京 trip'], [['$5'], 'price is $5 (today)'], [['a*b'], 'a.b'],
      [['a*b'], 'x a*b y'], [['c++'], 'I write C++ daily'], [['[x]'], 'box [x] ticked'], [['a|b'], 'ab'], [['a|b'], 'say a|b'],
      [['back\\slash'], 'a back\\slash here'], [['snake_case'], 'snake_case_x'], [['snake'], 'snake_case'], [['it’s'], 'well it’s fine'],
      [['😀'], 'hi 😀 there'], [['^'], 'up ^ here'], [['dog', 'cat'], 'hot dogs and cats'], [['dog', 'cat'], 'my cat'], [['x'], ''],
    ];
    for (const [words, text] of cases) {
      await t.db.query('DELETE FROM muted_words WHERE user_id = $1', [owner.user.id]);
      for (const w of words) await t.db.query('INSERT INTO muted_words (user_id, word) VALUES ($1, $2)', [owner.user.id, normalizeMutedWord(w)]);
      const [row] = await t.db.query(`SELECT coalesce(normalize($2::text, NFC) ~* ${mutedWordsPatternSql('$1::bigint')}, false) AS hit`, [owner.user.id, text]);
      expect([words, text, row.hit]).toEqual([words, text, matchesMutedWords(text, words)]);
    }
  });
});
