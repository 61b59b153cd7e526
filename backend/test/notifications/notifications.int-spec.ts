import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { MESSAGES, shouldShowDot, type NotificationStatus, type Page, type SystemNotice } from '@cloud9/contracts';
import { RealtimeService } from '../../src/modules/realtime/realtime.service';
import { bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { recordingServer, type Emitted } from '../support/recording-server';
import { eventually, tinyPng, uniquePng } from '../support/harness';

describe('system notices and the unseen state', () => {
  let t: TestApp;
  const emitted: Emitted[] = [];
  let admin: SignedIn;
  let staff: SignedIn[];
  let basic: SignedIn;

  const post = (who: SignedIn, body: Record<string, unknown>) => who.agent.post('/api/notifications/posts').send(body);
  const create = async (who: SignedIn, message: string) => ((await post(who, { message }).expect(201)).body as { notice: SystemNotice }).notice;
  const noticeRow = async (id: number) => (await t.db.query('SELECT * FROM system_notices WHERE id = $1', [id]))[0];
  const noticeCount = async () => (await t.db.query('SELECT count(*)::int AS n FROM system_notices'))[0].n as number;
  const storedPath = (url: string) => path.join(t.settings.uploadDir, url.replace(/^\/uploads\//, ''));
  const exists = (p: string) => fs.stat(p).then(() => true, () => false);

  beforeAll(async () => {
    t = await bootApp();
    t.app.get(RealtimeService).attach(recordingServer(emitted));
    admin = await signUp(t, { groupId: 1 });
    staff = [await signUp(t, { groupId: 2 }), await signUp(t, { groupId: 3 }), await signUp(t, { groupId: 4 })];
    basic = await signUp(t);
  });
  beforeEach(() => {
    emitted.length = 0;
  });
  afterAll(() => t?.close());

  it('groups 1–4 post (201, pushed to everyone); 5–9 get 403 Permission denied; signed out 401; nothing written on refusal', async () => {
    for (const who of [admin, ...staff]) {
      const res = await post(who, { message: `  hello from ${who.user.username}  ` }).expect(201);
      const notice = res.body.notice as SystemNotice;
      expect(res.body).toEqual({ success: true, notice });
      expect(notice).toEqual({
        id: expect.any(Number), user_id: who.user.id, username: who.user.username, content: `hello from ${who.user.username}`,
        createdAt: expect.any(String), updatedAt: notice.createdAt, media_url: null, media_mime: null, postUser: { name: null, thumbnail: null },
      });
      expect(emitted.pop()).toEqual({ room: 'notices', event: 'notice:created', payload: notice });
    }
    const before = await noticeCount();
    for (const group of [5, 6, 7, 8, 9]) {
      const user = group === 5 ? basic : await signUp(t, { groupId: group });
      expect((await post(user, { message: 'let me in' }).expect(403)).body).toEqual({ success: false, error: MESSAGES.notices.permissionDenied, statusCode: 403 });
      await user.agent.post('/api/notifications/posts').field('message', 'x').attach('file', tinyPng(), { filename: 'a.png', contentType: 'image/png' }).expect(403);
    }
    expect((await t.agent().post('/api/notifications/posts').send({ message: 'anon' }).expect(401)).body.error).toBe(MESSAGES.auth.notSignedIn);
    expect(await noticeCount()).toBe(before);
    expect(emitted).toEqual([]);
  });

  it('needs text or media (400); a body naming someone else is 403; a too long text is cut to the limit', async () => {
    const before = await noticeCount();
    for (const body of [{}, { message: '' }, { message: '   \n ' }]) {
      expect((await post(staff[0], body).expect(400)).body.error).toBe(MESSAGES.notices.contentOrMedia);
    }
    await post(staff[0], { message: 42 }).expect(400);
    expect((await post(staff[0], { message: 'x', user_id: admin.user.id }).expect(403)).body.error).toBe(MESSAGES.http.forbidden);
    await post(staff[0], { message: 'x', group_id: 1 }).expect(403);
    await post(staff[0], { message: 'x', username: admin.user.username }).expect(403);
    expect(await noticeCount()).toBe(before);
    await post(staff[0], { message: 'mine', user_id: staff[0].user.id, group_id: 2, username: staff[0].user.username }).expect(201);
    const long = await create(admin, 'y'.repeat(3500));
    expect(long.content).toHaveLength(3000);
  });

  it('multipart with an image stores the file; delete removes it; a non-image is refused writing nothing', async () => {
    const res = await staff[1].agent.post('/api/notifications/posts').field('message', 'with a picture')
      .attach('file', uniquePng(), { filename: 'p.png', contentType: 'image/png' }).expect(201);
    const notice = res.body.notice as SystemNotice;
    expect(notice).toEqual(expect.objectContaining({ content: 'with a picture', media_url: expect.stringMatching(/^\/uploads\/.+\.png$/), media_mime: 'image/png' }));
    expect(await exists(storedPath(notice.media_url!))).toBe(true);
    // Media only is enough.
    const mediaOnly = (await staff[1].agent.post('/api/notifications/posts').attach('file', tinyPng([1, 2, 3, 255]), { filename: 'q.png', contentType: 'image/png' }).expect(201)).body.notice as SystemNotice;
    expect(mediaOnly).toEqual(expect.objectContaining({ content: '', media_url: expect.any(String) }));

    const before = await noticeCount();
    await staff[1].agent.post('/api/notifications/posts').field('message', 'bad file').attach('file', Buffer.from('just text'), { filename: 'x.png', contentType: 'image/png' }).expect(415);
    expect(await noticeCount()).toBe(before);

    await staff[1].agent.delete(`/api/notifications/posts/${notice.id}`).expect(200);
    expect(await eventually(async () => !(await exists(storedPath(notice.media_url!))))).toBe(true);
    expect(await noticeRow(notice.id)).toBeUndefined();
  });

  it('edit with id: admin any, staff own only, others 403; empty 400; missing 404; pushed as notice:updated', async () => {
    const byStaff = await create(staff[0], 'staff notice');
    const byAdmin = await create(admin, 'admin notice');
    emitted.length = 0;
    await new Promise((r) => setTimeout(r, 5));

    const own = await post(staff[0], { id: byStaff.id, message: 'staff notice, fixed' }).expect(200);
    expect(own.body).toEqual({ success: true, notice: expect.objectContaining({ id: byStaff.id, content: 'staff notice, fixed', createdAt: byStaff.createdAt }) });
    expect(Date.parse(own.body.notice.updatedAt)).toBeGreaterThan(Date.parse(byStaff.createdAt));
    expect(emitted).toEqual([{ room: 'notices', event: 'notice:updated', payload: own.body.notice }]);

    // Admin edits anyone's; the author stays the author.
    const edited = await post(admin, { id: String(byStaff.id), message: 'edited by admin' }).expect(200);
    expect(edited.body.notice).toEqual(expect.objectContaining({ user_id: staff[0].user.id, content: 'edited by admin' }));

    emitted.length = 0;
    for (const [who, id] of [[staff[1], byStaff.id], [staff[0], byAdmin.id], [basic, byStaff.id]] as const) {
      expect((await post(who, { id, message: 'hijack' }).expect(403)).body.error).toBe(MESSAGES.notices.permissionDenied);
    }
    expect((await post(staff[0], { id: byStaff.id, message: '  ' }).expect(400)).body.error).toBe(MESSAGES.notices.editEmpty);
    expect((await post(admin, { id: 999999999, message: 'nope' }).expect(404)).body.error).toBe(MESSAGES.notices.notFound);
    await post(admin, { id: 'abc', message: 'nope' }).expect(400);
    await post(admin, { id: -1, message: 'nope' }).expect(400);
    expect((await noticeRow(byStaff.id)).content).toBe('edited by admin');
    expect((await noticeRow(byAdmin.id)).content).toBe('admin notice');
    expect(emitted).toEqual([]);

    // Editing with a new image replaces the old file.
    const withPic = (await staff[2].agent.post('/api/notifications/posts').field('message', 'pic').attach('file', uniquePng(), { filename: 'a.png', contentType: 'image/png' }).expect(201)).body.notice as SystemNotice;
    const swapped = (await staff[2].agent.post('/api/notifications/posts').field('message', 'new pic').field('id', String(withPic.id))
      .attach('file', tinyPng([9, 9, 9, 255]), { filename: 'b.png', contentType: 'image/png' }).expect(200)).body.notice as SystemNotice;
    expect(swapped.media_url).not.toBe(withPic.media_url);
    expect(await exists(storedPath(swapped.media_url!))).toBe(true);
    expect(await eventually(async () => !(await exists(storedPath(withPic.media_url!))))).toBe(true);
  });

  it('delete: admin any, staff own, others 403, missing 404, pushed as notice:deleted', async () => {
    const a = await create(staff[0], 'to delete 1');
    const b = await create(staff[1], 'to delete 2');
    emitted.length = 0;
    expect((await staff[0].agent.delete(`/api/notifications/posts/${b.id}`).expect(403)).body.error).toBe(MESSAGES.notices.permissionDenied);
    await basic.agent.delete(`/api/notifications/posts/${a.id}`).expect(403);
    await t.agent().delete(`/api/notifications/posts/${a.id}`).expect(401);
    expect(emitted).toEqual([]);
    expect(await noticeRow(b.id)).toBeDefined();
    expect((await staff[0].agent.delete(`/api/notifications/posts/${a.id}?group_id=1`).expect(200)).body).toEqual({ success: true });
    expect((await admin.agent.delete(`/api/notifications/posts/${b.id}`).expect(200)).body).toEqual({ success: true });
    expect(emitted).toEqual([
      { room: 'notices', event: 'notice:deleted', payload: { id: a.id } },
      { room: 'notices', event: 'notice:deleted', payload: { id: b.id } },
    ]);
    expect((await admin.agent.delete(`/api/notifications/posts/${b.id}`).expect(404)).body.error).toBe(MESSAGES.notices.notFound);
    await admin.agent.delete('/api/notifications/posts/abc').expect(400);
  });

  it('the list is newest first, keyset-paged without repeats, signed-in only', async () => {
    const mine = [];
    for (let i = 0; i < 12; i++) mine.push(await create(admin, `paged ${i}`));
    const seen: SystemNotice[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<SystemNotice> = (await basic.agent.get(`/api/notifications/posts?limit=5${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body;
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    const ids = seen.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await noticeCount());
    expect(ids.slice(0, 12)).toEqual(mine.map((n) => n.id).reverse());
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    await t.agent().get('/api/notifications/posts').expect(401);
    await basic.agent.get('/api/notifications/posts?limit=abc').expect(400);
  });

  it('search matches content with %, _ and \\ taken literally, newest first', async () => {
    const tag = `q${Date.now()}`;
    const pct = await create(admin, `${tag} 100% uptime`);
    const under = await create(admin, `${tag} snake_case names`);
    const plain = await create(admin, `${tag} 1000 uptime snakeXcase`);
    const slash = await create(admin, `${tag} back\\slash`);
    const search = async (q: string) =>
      ((await basic.agent.get(`/api/search/notifications?query=${encodeURIComponent(q)}&limit=100`).expect(200)).body as Page<SystemNotice>).items.map((n) => n.id);
    expect(await search(tag)).toEqual([slash.id, plain.id, under.id, pct.id]);
    expect(await search(`${tag} 100%`)).toEqual([pct.id]);
    expect(await search(`${tag} snake_case`)).toEqual([under.id]);
    expect(await search(`${tag} back\\s`)).toEqual([slash.id]);
    expect(await search(`${tag.toUpperCase()} 100`)).toEqual([plain.id, pct.id]); // case-insensitive
    expect(await search('%%%_no_such_thing_%')).toEqual([]);
    expect((await basic.agent.get('/api/search/notifications?query=%20%20').expect(400)).body.error).toBe(MESSAGES.post.searchQueryRequired);
    await basic.agent.get('/api/search/notifications').expect(400);
    await t.agent().get(`/api/search/notifications?query=${tag}`).expect(401);
  });

  it('does not show notices posted before an account existed as new to it', async () => {
    await create(admin, 'an older notice');
    const newcomer = await signUp(t);
    const status = (await newcomer.agent.get('/api/notifications/status').expect(200)).body as NotificationStatus;
    const [row] = await t.db.query('SELECT created_at FROM users WHERE id = $1', [newcomer.user.id]);
    expect(status.lastSeenSystemNotices).toBe(new Date(row.created_at).toISOString());
    expect(shouldShowDot(status.latestSystemNotice, status.lastSeenSystemNotices)).toBe(false);
    const later = await create(admin, 'a newer notice');
    const after = (await newcomer.agent.get('/api/notifications/status').expect(200)).body as NotificationStatus;
    expect(after.latestSystemNotice).toBe(later.updatedAt ?? later.createdAt);
    expect(shouldShowDot(after.latestSystemNotice, after.lastSeenSystemNotices)).toBe(true);
  });

  it('status and seen: newest times, last-seen clamped to the newest item, dots, 400 bad kind, 401 signed out', async () => {
    const me = await signUp(t);
    const fan = await signUp(t);
    const status = async () => (await me.agent.get('/api/notifications/status').expect(200)).body as NotificationStatus;
    const first = await status();
    // Older notices exist, but the account's sign-up time is its notices baseline.
    expect(first).toEqual({ latestUserAlert: null, latestSystemNotice: expect.any(String), lastSeenUserAlerts: null, lastSeenSystemNotices: expect.any(String) });
    expect(shouldShowDot(first.latestSystemNotice, first.lastSeenSystemNotices)).toBe(false);

    // An alert arrives: its time is the newest.
    await fan.agent.post('/api/follow').send({ followerId: fan.user.id, followedId: me.user.id }).expect(200);
    const [alert] = ((await me.agent.get(`/api/notifications/user/${me.user.id}`).expect(200)).body as Page<{ createdAt: string }>).items;
    const s1 = await status();
    expect(s1.latestUserAlert).toBe(alert.createdAt);
    expect(shouldShowDot(s1.latestUserAlert, s1.lastSeenUserAlerts)).toBe(true);

    const seen = (await me.agent.post('/api/notifications/seen').send({ kind: 'alerts' }).expect(200)).body;
    expect(seen).toEqual({ success: true, ...s1, lastSeenUserAlerts: expect.any(String) });
    expect(Date.parse(seen.lastSeenUserAlerts)).toBeGreaterThanOrEqual(Date.parse(alert.createdAt));
    expect(shouldShowDot(seen.latestUserAlert, seen.lastSeenUserAlerts)).toBe(false);
    expect(seen.lastSeenSystemNotices).toBe(first.lastSeenSystemNotices); // the other kind is untouched
    expect(await status()).toEqual({ ...seen, success: undefined });

    // A notice arrives, then its edit counts as newer again.
    const notice = await create(admin, 'status notice');
    const s2 = await status();
    expect(s2.latestSystemNotice).toBe(notice.createdAt);
    const seenNotices = (await me.agent.post('/api/notifications/seen').send({ kind: 'notices' }).expect(200)).body as NotificationStatus;
    expect(shouldShowDot(seenNotices.latestSystemNotice, seenNotices.lastSeenSystemNotices)).toBe(false);
    const edited = (await post(admin, { id: notice.id, message: 'status notice v2' }).expect(200)).body.notice as SystemNotice;
    const s3 = await status();
    expect(s3.latestSystemNotice).toBe(edited.updatedAt);
    expect(shouldShowDot(s3.latestSystemNotice, s3.lastSeenSystemNotices)).toBe(true);

    // Clamped: an alert stamped later than now() (a transaction that began after ours) is still covered.
    const future = new Date(Date.now() + 60 * 60 * 1000);
    await t.db.query(`UPDATE user_alerts SET created_at = $2 WHERE recipient_id = $1`, [me.user.id, future]);
    const clamped = (await me.agent.post('/api/notifications/seen').send({ kind: 'alerts' }).expect(200)).body as NotificationStatus;
    expect(clamped.latestUserAlert).toBe(future.toISOString());
    expect(clamped.lastSeenUserAlerts).toBe(future.toISOString());
    // Never moves back.
    await t.db.query(`DELETE FROM user_alerts WHERE recipient_id = $1`, [me.user.id]);
    expect(((await me.agent.post('/api/notifications/seen').send({ kind: 'alerts' }).expect(200)).body as NotificationStatus).lastSeenUserAlerts)
      .toBe(future.toISOString());
    expect((await me.agent.get('/api/notifications/status').expect(200)).body.latestUserAlert).toBeNull();

    for (const body of [{}, { kind: 'everything' }, { kind: ['alerts'] }, { kind: 1 }]) {
      expect((await me.agent.post('/api/notifications/seen').send(body).expect(400)).body.error).toBe(MESSAGES.notifications.invalidKind);
    }
    await t.agent().get('/api/notifications/status').expect(401);
    await t.agent().post('/api/notifications/seen').send({ kind: 'alerts' }).expect(401);
  });
});
