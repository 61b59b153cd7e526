import { GroupId, MESSAGES, MODERATION_MESSAGES, REPORT_RULES, type AlertGroup, type ModerationReport, type Page, type UserAlert } from '@cloud9/contracts';
import { bootApp, PASSWORD, signUp, type SignedIn, type TestApp } from '../support/app';
import { sessionCookieOf, type WatchedApp } from '../support/harness';
import { closed, SocketClients, startInstance, type ClientSocket } from '../support/instances';

describe('reports and the moderation queue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  const post = async (who: SignedIn, content = 'reported text') => (await who.agent.post('/api/posts').send({ content, category: 'General' }).expect(201)).body.id as number;
  const report = (who: SignedIn, body: object) => who.agent.post('/api/reports').send(body);
  const staff = () => signUp(t, { groupId: GroupId.Staff3 });
  const admin = () => signUp(t, { groupId: GroupId.Admin });
  const act = (who: SignedIn, id: number, body: object) => who.agent.post(`/api/moderation/reports/${id}/actions`).send(body);
  const reportRow = async (id: number) => (await t.db.query('SELECT status, action, action_text, handled_by FROM reports WHERE id = $1', [id]))[0];
  const teamAlerts = (userId: number) =>
    t.db.query(`SELECT type, actor_id, post_id, message FROM user_alerts WHERE recipient_id = $1 AND type IN ('warning', 'report-handled') ORDER BY id`, [userId]);

  describe('POST /api/reports', () => {
    it('files a report on a post or an account (201 {id}), once while it is open (409), again once handled', async () => {
      const author = await signUp(t);
      const reporter = await signUp(t);
      const postId = await post(author);
      const first = await report(reporter, { targetType: 'post', targetId: postId, reason: 'spam', comment: 'buy now', postIds: [postId] }).expect(201);
      expect(first.body).toEqual({ id: expect.any(Number) });
      expect((await report(reporter, { targetType: 'post', targetId: postId, reason: 'other' }).expect(409)).body.error).toBe(MODERATION_MESSAGES.alreadyReported);
      await report(reporter, { targetType: 'user', targetId: author.user.id, reason: 'harassment' }).expect(201);
      const [row] = await t.db.query('SELECT reporter_id, target_type, target_user_id, target_post_id, reason, comment, post_ids::int[] AS post_ids, status FROM reports WHERE id = $1', [first.body.id]);
      expect(row).toEqual({ reporter_id: reporter.user.id, target_type: 'post', target_user_id: author.user.id, target_post_id: postId, reason: 'spam', comment: 'buy now', post_ids: [postId], status: 'open' });
      await act(await staff(), first.body.id, { action: 'dismiss' }).expect(200);
      await report(reporter, { targetType: 'post', targetId: postId, reason: 'spam' }).expect(201);
    });

    it('refuses bad input with the catalogue message, oneself, missing targets and signed-out callers, writing nothing', async () => {
      const reporter = await signUp(t);
      const other = await signUp(t);
      const mine = await post(reporter);
      const M = MODERATION_MESSAGES;
      const cases: [object, number, string][] = [
        [{ targetType: 'group', targetId: other.user.id, reason: 'spam' }, 400, M.invalidTargetType],
        [{ targetType: 'user', targetId: 'x', reason: 'spam' }, 400, M.invalidTargetId],
        [{ targetType: 'user', targetId: other.user.id, reason: 'boring' }, 400, M.invalidReason],
        [{ targetType: 'user', targetId: other.user.id, reason: 'spam', comment: '😀'.repeat(REPORT_RULES.commentMax + 1) }, 400, M.commentTooLong],
        [{ targetType: 'user', targetId: other.user.id, reason: 'spam', comment: 7 }, 400, M.commentTooLong],
        [{ targetType: 'user', targetId: other.user.id, reason: 'spam', postIds: [0] }, 400, M.invalidPostIds],
        [{ targetType: 'user', targetId: other.user.id, reason: 'spam', postIds: Array.from({ length: REPORT_RULES.postIdsMax + 1 }, (_, i) => i + 1) }, 400, M.invalidPostIds],
        [{ targetType: 'user', targetId: reporter.user.id, reason: 'spam' }, 400, M.cannotReportSelf],
        [{ targetType: 'post', targetId: mine, reason: 'spam' }, 400, M.cannotReportSelf],
        [{ targetType: 'post', targetId: 987654321, reason: 'spam' }, 404, MESSAGES.post.notFoundOrDeleted],
        [{ targetType: 'user', targetId: 987654321, reason: 'spam' }, 404, MESSAGES.profile.userNotFound],
      ];
      for (const [body, status, error] of cases) expect((await report(reporter, body).expect(status)).body.error).toBe(error);
      await t.agent().post('/api/reports').send({ targetType: 'user', targetId: other.user.id, reason: 'spam' }).expect(401);
      expect((await t.db.query('SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1', [reporter.user.id]))[0].n).toBe(0);
      // A comment of exactly the limit, in emoji, is fine.
      await report(reporter, { targetType: 'user', targetId: other.user.id, reason: 'spam', comment: '😀'.repeat(REPORT_RULES.commentMax) }).expect(201);
    });

    it('is rate-limited per account (RATE_LIMIT_REPORTS)', async () => {
      const limited = await bootApp({ RATE_LIMIT_REPORTS: '2/1h' });
      try {
        const reporter = await signUp(limited);
        const targets = [await signUp(limited), await signUp(limited), await signUp(limited)];
        for (const target of targets.slice(0, 2)) await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: target.user.id, reason: 'spam' }).expect(201);
        const refused = await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: targets[2].user.id, reason: 'spam' }).expect(429);
        expect(refused.body.error).toBe(MESSAGES.rateLimit.reports);
      } finally {
        await limited.close();
      }
    });
  });

  describe('GET /api/moderation/reports', () => {
    it('shows staff the open reports newest first, with the content, the reporter and the comment, keyset-paged and filtered', async () => {
      const author = await signUp(t);
      const reporters = [await signUp(t), await signUp(t), await signUp(t)];
      const postId = await post(author, 'the reported words');
      const ids: number[] = [];
      for (const [i, r] of reporters.entries()) {
        ids.push((await report(r, { targetType: 'post', targetId: postId, reason: i === 1 ? 'illegal' : 'spam', comment: `comment ${i}` }).expect(201)).body.id);
      }
      const moderator = await staff();
      const seen: ModerationReport[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<ModerationReport> = (await moderator.agent.get('/api/moderation/reports').query({ limit: 2, ...(cursor ? { cursor } : {}) }).expect(200)).body;
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      const ours = seen.filter((r) => ids.includes(r.id));
      expect(ours.map((r) => r.id)).toEqual([...ids].reverse());
      expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
      expect(ours[0]).toEqual({
        id: ids[2],
        status: 'open',
        reason: 'spam',
        comment: 'comment 2',
        createdAt: expect.any(String),
        reporter: { id: reporters[2].user.id, username: reporters[2].user.username, name: null, thumbnail: null, group_id: 5, suspendedUntil: null },
        target: {
          type: 'post',
          user: expect.objectContaining({ id: author.user.id, username: author.user.username }),
          post: { id: postId, content: 'the reported words', media_url: null, gif_url: null, createdAt: expect.any(String) },
          messages: null,
        },
        posts: [],
        resolution: null,
      });
      const illegal = (await moderator.agent.get('/api/moderation/reports').query({ reason: 'illegal', limit: 50 }).expect(200)).body.items as ModerationReport[];
      expect(illegal.every((r) => r.reason === 'illegal')).toBe(true);
      expect(illegal.map((r) => r.id)).toContain(ids[1]);
      await moderator.agent.get('/api/moderation/reports').query({ status: 'closed' }).expect(400);
      await moderator.agent.get('/api/moderation/reports').query({ reason: 'boring' }).expect(400);
      await reporters[0].agent.get('/api/moderation/reports').expect(403);
      await t.agent().get('/api/moderation/reports').expect(401);
    });
  });

  describe('POST /api/moderation/reports/:id/actions', () => {
    it('dismiss settles every open report on the target, once, and is in the audit log', async () => {
      const author = await signUp(t);
      const [r1, r2] = [await signUp(t), await signUp(t)];
      const postId = await post(author);
      const id1 = (await report(r1, { targetType: 'post', targetId: postId, reason: 'spam' }).expect(201)).body.id;
      const id2 = (await report(r2, { targetType: 'post', targetId: postId, reason: 'other' }).expect(201)).body.id;
      const moderator = await staff();
      // Two staff tabs dismiss at once: one wins (its text is kept), the other hears it is already handled.
      const answers = await Promise.all([act(moderator, id1, { action: 'dismiss', text: 'not spam' }), act(moderator, id1, { action: 'dismiss', text: 'fine' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const done = answers.find((a) => a.status === 200)!.body;
      expect(done.report.resolution).toEqual({ action: 'dismiss', text: expect.stringMatching(/^(not spam|fine)$/), by: moderator.user.username, at: expect.any(String) });
      expect(await reportRow(id2)).toEqual(expect.objectContaining({ status: 'resolved', action: 'dismiss', handled_by: moderator.user.id }));
      const audit = await t.db.query(`SELECT actor_username, action, target FROM audit_log WHERE action = 'moderation.dismiss' AND target = $1`, [`post:${postId}`]);
      expect(audit).toEqual([{ actor_username: moderator.user.username, action: 'moderation.dismiss', target: `post:${postId}` }]);
      // Still there: dismissing deletes nothing.
      await t.agent().get(`/api/posts/${postId}`).expect(200);
      expect((await act(moderator, 987654321, { action: 'dismiss' }).expect(404)).body.error).toBe(MODERATION_MESSAGES.reportNotFound);
    });

    it('delete-post deletes the reported post (staff of any group), and only on a post report', async () => {
      const author = await signUp(t);
      const reporter = await signUp(t);
      const postId = await post(author);
      const id = (await report(reporter, { targetType: 'post', targetId: postId, reason: 'illegal' }).expect(201)).body.id;
      const userReport = (await report(reporter, { targetType: 'user', targetId: author.user.id, reason: 'spam' }).expect(201)).body.id;
      const moderator = await staff(); // group 3: no Admin Delete of its own, but may act on reports
      expect((await act(moderator, userReport, { action: 'delete-post' }).expect(400)).body.error).toBe(MODERATION_MESSAGES.notAPostReport);
      const done = (await act(moderator, id, { action: 'delete-post' }).expect(200)).body;
      expect(done.report.status).toBe('resolved');
      expect(done.report.target.post).toBeNull();
      await t.agent().get(`/api/posts/${postId}`).expect(404);
      expect(await reportRow(userReport)).toEqual(expect.objectContaining({ status: 'open' }));
      // Told once the post is gone; the report on the account is still open, so nothing for it yet.
      expect(await teamAlerts(reporter.user.id)).toEqual([{ type: 'report-handled', actor_id: null, post_id: null, message: MESSAGES.alerts.reportHandled }]);
      expect(await teamAlerts(author.user.id)).toEqual([]);
    });

    it('delete-post on a post already gone is refused (409) and gives every report it settled back to the queue, telling nobody', async () => {
      const author = await signUp(t);
      const [r1, r2] = [await signUp(t), await signUp(t)];
      const postId = await post(author);
      const id1 = (await report(r1, { targetType: 'post', targetId: postId, reason: 'spam' }).expect(201)).body.id;
      const id2 = (await report(r2, { targetType: 'post', targetId: postId, reason: 'spam' }).expect(201)).body.id;
      await author.agent.delete(`/api/posts/${postId}`).expect(200);
      expect((await act(await staff(), id1, { action: 'delete-post' }).expect(409)).body.error).toBe(MODERATION_MESSAGES.postAlreadyGone);
      expect(await reportRow(id1)).toEqual(expect.objectContaining({ status: 'open', action: null }));
      expect(await reportRow(id2)).toEqual(expect.objectContaining({ status: 'open', action: null }));
      expect([...(await teamAlerts(r1.user.id)), ...(await teamAlerts(r2.user.id))]).toEqual([]);
    });

    it('follows who may act on whom: staff on members only, the admin on staff, nobody on themselves', async () => {
      const reporter = await signUp(t);
      const moderator = await staff();
      const otherStaff = await staff();
      const boss = await admin();
      const onStaff = (await report(reporter, { targetType: 'user', targetId: otherStaff.user.id, reason: 'harassment' }).expect(201)).body.id;
      const onSelf = (await report(reporter, { targetType: 'user', targetId: moderator.user.id, reason: 'harassment' }).expect(201)).body.id;
      const onAdmin = (await report(reporter, { targetType: 'user', targetId: boss.user.id, reason: 'harassment' }).expect(201)).body.id;
      expect((await act(moderator, onStaff, { action: 'dismiss' }).expect(403)).body.error).toBe(MODERATION_MESSAGES.notAllowedOnAccount);
      await act(moderator, onSelf, { action: 'dismiss' }).expect(403);
      await act(moderator, onAdmin, { action: 'dismiss' }).expect(403);
      await act(boss, onAdmin, { action: 'dismiss' }).expect(403);
      await act(boss, onStaff, { action: 'dismiss' }).expect(200);
      expect(await reportRow(onSelf)).toEqual(expect.objectContaining({ status: 'open' }));
      await act(reporter, onSelf, { action: 'dismiss' }).expect(403);
    });

    it('validates the action, its text and the suspension end before writing anything', async () => {
      const target = await signUp(t);
      const reporter = await signUp(t);
      const id = (await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'spam' }).expect(201)).body.id;
      const moderator = await staff();
      const M = MODERATION_MESSAGES;
      expect((await act(moderator, id, { action: 'ban' }).expect(400)).body.error).toBe(M.invalidAction);
      expect((await act(moderator, id, { action: 'dismiss', text: 'x'.repeat(REPORT_RULES.actionTextMax + 1) }).expect(400)).body.error).toBe(M.actionTextTooLong);
      expect((await act(moderator, id, { action: 'suspend', until: 'tomorrow' }).expect(400)).body.error).toBe(M.invalidUntil);
      expect((await act(moderator, id, { action: 'suspend', until: new Date(Date.now() - 60_000).toISOString() }).expect(400)).body.error).toBe(M.invalidUntil);
      expect((await act(moderator, id, { action: 'suspend' }).expect(403)).body.error).toBe(M.onlyAdminSuspendsForGood);
      expect((await act(moderator, id, { action: 'unsuspend' }).expect(409)).body.error).toBe(M.notSuspended);
      expect((await act(moderator, id, { action: 'warn' }).expect(400)).body.error).toBe(M.warningTextRequired);
      expect((await act(moderator, id, { action: 'warn', text: ' \n ' }).expect(400)).body.error).toBe(M.warningTextRequired);
      expect(await reportRow(id)).toEqual(expect.objectContaining({ status: 'open' }));
      expect(await teamAlerts(target.user.id)).toEqual([]);
      expect(await teamAlerts(reporter.user.id)).toEqual([]);
      expect((await t.db.query('SELECT count(*)::int AS n FROM suspensions WHERE user_id = $1', [target.user.id]))[0].n).toBe(0);
    });

    it(`staff suspend for at most ${REPORT_RULES.staffSuspensionMaxDays} days (400 beyond); a suspension the admin set is the admin's alone to change or lift (403)`, async () => {
      const M = MODERATION_MESSAGES;
      const target = await signUp(t);
      const reporter = await signUp(t);
      const moderator = await staff();
      const boss = await admin();
      const onTarget = async () => (await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'spam' }).expect(201)).body.id as number;
      const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
      const until = async () => (await t.db.query('SELECT until, by_id FROM suspensions WHERE user_id = $1', [target.user.id]))[0];

      const id = await onTarget();
      expect((await act(moderator, id, { action: 'suspend', until: inDays(REPORT_RULES.staffSuspensionMaxDays + 1) }).expect(400)).body.error).toBe(M.suspensionTooLong);
      expect(await reportRow(id)).toEqual(expect.objectContaining({ status: 'open' }));
      expect(await until()).toBeUndefined();
      await act(moderator, id, { action: 'suspend', until: inDays(REPORT_RULES.staffSuspensionMaxDays - 0.01) }).expect(200);
      // Staff lift their own suspension; the admin suspends for longer than staff may.
      await act(moderator, await onTarget(), { action: 'unsuspend' }).expect(200);
      const long = inDays(2 * REPORT_RULES.staffSuspensionMaxDays);
      await act(boss, await onTarget(), { action: 'suspend', until: long }).expect(200);
      expect(await until()).toEqual({ until: new Date(long), by_id: boss.user.id });

      // The admin's suspension: staff can neither lift nor replace it; the report stays open.
      const lift = await onTarget();
      expect((await act(moderator, lift, { action: 'unsuspend' }).expect(403)).body.error).toBe(M.adminSetSuspension);
      expect((await act(moderator, lift, { action: 'suspend', until: inDays(1) }).expect(403)).body.error).toBe(M.adminSetSuspension);
      expect(await reportRow(lift)).toEqual(expect.objectContaining({ status: 'open' }));
      expect(await until()).toEqual({ until: new Date(long), by_id: boss.user.id });
      await act(boss, lift, { action: 'unsuspend' }).expect(200);
      expect(await until()).toBeUndefined();
    });
  });
});

describe('suspensions across instances', () => {
  let a: WatchedApp & { url: string };
  let b: WatchedApp & { url: string };
  const clients = new SocketClients();
  const connect = (url: string, cookie: string) => clients.connect(url, cookie);
  const instance = async (prefix: string) => {
    const { t, url } = await startInstance(prefix);
    return Object.assign(t, { url });
  };

  beforeAll(async () => {
    const prefix = `${process.env.REDIS_PREFIX}mod1:`;
    a = await instance(prefix);
    b = await instance(prefix);
  });
  afterAll(async () => {
    clients.closeSockets();
    await a?.close();
    await b?.close();
  });

  it('a suspension ends the member’s sessions and sockets on every instance; sign-in says until when; lifting it lets them back', async () => {
    const member = await signUp(a);
    const reporter = await signUp(a);
    const moderator = await signUp(a, { groupId: GroupId.Staff2 });
    const elsewhere = await b.request().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    const elsewhereCookie = sessionCookieOf(elsewhere);
    const here = await a.request().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    const hereCookie = sessionCookieOf(here);
    const socketA = await connect(a.url, hereCookie);
    const socketB = await connect(b.url, elsewhereCookie);

    const id = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'harassment' }).expect(201)).body.id;
    const until = new Date(Date.now() + 3 * 86_400_000);
    const done = (await moderator.agent.post(`/api/moderation/reports/${id}/actions`).send({ action: 'suspend', until: until.toISOString(), text: 'cool off' }).expect(200)).body;
    expect(done.report.target.user.suspendedUntil).toBe(until.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'));

    await Promise.all([closed(socketA, 5000), closed(socketB, 5000)]);
    await a.request().get('/api/me').set('Cookie', hereCookie).expect(401);
    await b.request().get('/api/me').set('Cookie', elsewhereCookie).expect(401);
    await member.agent.get('/api/me').expect(401);
    const refused = await b.request().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(403);
    expect(refused.body.error).toBe(MODERATION_MESSAGES.suspended(until.toISOString()));
    expect(refused.body.error).toContain(until.toISOString().slice(0, 10));
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password is still only "invalid credentials": a suspension is told to the owner alone.
    expect((await a.request().post('/api/login').send({ username: member.user.username, password: 'wrong-password-1' }).expect(401)).body.error).toBe(MESSAGES.auth.invalidCredentials);

    const again = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'other' }).expect(201)).body.id;
    await moderator.agent.post(`/api/moderation/reports/${again}/actions`).send({ action: 'unsuspend' }).expect(200);
    await a.request().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    const audit = await a.db.query(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [`user:${member.user.id}`]);
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['moderation.suspend', 'moderation.unsuspend']);
  });

  it('warn: the member gets the staff text as a team alert, stored and pushed live on every instance; each reporter of the settled reports is told once; audited', async () => {
    const loginOnB = async (username: string) => sessionCookieOf(await b.request().post('/api/login').send({ username, password: PASSWORD }).expect(200));
    const nextAlert = (socket: ClientSocket) => new Promise<UserAlert>((resolve) => socket.once('alert:new', resolve));
    const member = await signUp(a);
    const [r1, r2] = [await signUp(a), await signUp(a)];
    const moderator = await signUp(a, { groupId: GroupId.Staff3 });
    const postId = (await member.agent.post('/api/posts').send({ content: 'rude words', category: 'General' }).expect(201)).body.id as number;
    const id = (await r1.agent.post('/api/reports').send({ targetType: 'post', targetId: postId, reason: 'harassment', comment: 'so rude' }).expect(201)).body.id;
    await r2.agent.post('/api/reports').send({ targetType: 'post', targetId: postId, reason: 'other' }).expect(201);
    const onAccount = (await r2.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'harassment' }).expect(201)).body.id;
    // The sockets are on b, the action on a: the pushes cross the Redis adapter.
    const [memberSocket, r1Socket, r2Socket] = await Promise.all([member, r1, r2].map(async (who) => clients.connect(b.url, await loginOnB(who.user.username))));
    const pushed = Promise.all([nextAlert(memberSocket), nextAlert(r1Socket), nextAlert(r2Socket)]);

    const text = 'Please keep it civil: name-calling is not allowed here.';
    const done = (await moderator.agent.post(`/api/moderation/reports/${id}/actions`).send({ action: 'warn', text: `  ${text} ` }).expect(200)).body;
    expect(done.report.resolution).toEqual({ action: 'warn', text, by: moderator.user.username, at: expect.any(String) });

    const [warning, told1, told2] = await pushed;
    expect(warning).toEqual({ id: expect.any(Number), type: 'warning', message: text, actor_name: null, actor_username: null, actor_thumbnail: null, post_id: null, createdAt: expect.any(String) });
    for (const told of [told1, told2]) expect(told).toEqual(expect.objectContaining({ type: 'report-handled', message: MESSAGES.alerts.reportHandled, actor_username: null, post_id: null }));
    // Stored: the plain list answers what was pushed; the grouped list shows it alone, with its text and no actor.
    const listed = (await member.agent.get(`/api/notifications/user/${member.user.id}`).expect(200)).body as Page<UserAlert>;
    expect(listed.items[0]).toEqual(warning);
    const grouped = (await member.agent.get(`/api/notifications/user/${member.user.id}`).query({ grouped: '1' }).expect(200)).body as Page<AlertGroup>;
    expect(grouped.items[0]).toEqual({ key: `warning:${warning.id}`, type: 'warning', text, actors: [], count: 0, latestAt: warning.createdAt, unread: true });
    expect(JSON.stringify([listed, grouped])).not.toContain(moderator.user.username);
    const r1Grouped = (await r1.agent.get(`/api/notifications/user/${r1.user.id}`).query({ grouped: '1' }).expect(200)).body as Page<AlertGroup>;
    expect(r1Grouped.items[0]).toEqual(expect.objectContaining({ key: `report-handled:${told1.id}`, type: 'report-handled', text: MESSAGES.alerts.reportHandled, actors: [] }));
    // One each for the post's reports; r2's report on the account is still open and told nothing yet.
    const heldBy = async (userId: number) => (await a.db.query(`SELECT type FROM user_alerts WHERE recipient_id = $1 AND type IN ('warning', 'report-handled') ORDER BY id`, [userId])).map((r: { type: string }) => r.type);
    expect(await heldBy(member.user.id)).toEqual(['warning']);
    expect(await heldBy(r1.user.id)).toEqual(['report-handled']);
    expect(await heldBy(r2.user.id)).toEqual(['report-handled']);
    const audit = await a.db.query(`SELECT actor_username, details FROM audit_log WHERE action = 'moderation.warn' AND target = $1`, [`post:${postId}`]);
    expect(audit).toEqual([{ actor_username: moderator.user.username, details: expect.objectContaining({ report: id, account: member.user.id, text }) }]);

    // Settling the account report tells r2 a second time (once per report), and warns nobody.
    const again = nextAlert(r2Socket);
    await moderator.agent.post(`/api/moderation/reports/${onAccount}/actions`).send({ action: 'dismiss' }).expect(200);
    expect(await again).toEqual(expect.objectContaining({ type: 'report-handled', message: MESSAGES.alerts.reportHandled }));
    expect(await heldBy(r2.user.id)).toEqual(['report-handled', 'report-handled']);
    expect(await heldBy(member.user.id)).toEqual(['warning']);
  });

  it('only the admin suspends for good; the message says so', async () => {
    const member = await signUp(a);
    const reporter = await signUp(a);
    const boss = await signUp(a, { groupId: GroupId.Admin });
    const id = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'illegal' }).expect(201)).body.id;
    const done = (await boss.agent.post(`/api/moderation/reports/${id}/actions`).send({ action: 'suspend' }).expect(200)).body;
    expect(done.report.target.user.suspendedUntil).toBe('infinity');
    expect((await a.request().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(403)).body.error).toBe(MODERATION_MESSAGES.suspended('infinity'));
  });
});
