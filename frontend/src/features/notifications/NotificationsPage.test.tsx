import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type SystemNotice } from '@cloud9/contracts';
import { NotificationsPage } from './NotificationsPage';
import { publishRealtime } from '../../realtime/bus';
import { useNotificationsStore } from '../../stores/notifications';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall, alertTexts, answerConfirm } from '../../test/utils';
import { makeAlert, makeNotice, status } from '../../test/notifications';
import { page } from '../../test/posts';

const ADMIN = testUser({ id: 1, username: 'admin', group_id: 1 });
const STAFF = testUser({ id: 2, username: 'staffer', group_id: 3 });

interface Api {
  alerts?: unknown;
  notices?: SystemNotice[];
  save?: (body: unknown) => Response;
  del?: () => Response;
}

function stubApi({ alerts = page([]), notices = [], save, del }: Api = {}) {
  return stubFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/notifications/seen') return jsonResponse({ success: true, ...status() });
    if (url.pathname.startsWith('/api/notifications/user/')) return jsonResponse(alerts);
    if (url.pathname === '/api/search/notifications') return jsonResponse(page(notices.filter((n) => n.content.includes(url.searchParams.get('query') ?? ''))));
    if (url.pathname === '/api/notifications/posts' && method === 'POST') return save ? save(init.body) : jsonResponse({ success: false }, 500);
    if (url.pathname === '/api/notifications/posts') return jsonResponse(page(notices));
    if (url.pathname.startsWith('/api/notifications/posts/') && method === 'DELETE') return del ? del() : jsonResponse({ success: true });
    return jsonResponse({ success: false, error: 'Not found.', statusCode: 404 }, 404);
  });
}

const seenKinds = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/notifications/seen').map((c) => JSON.parse(String(c.init.body)).kind);

async function openNotices(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: /^System Notices/ }));
}

describe('NotificationsPage', () => {
  beforeEach(() => {
    setSession(testUser());
    useNotificationsStore.getState().start(7);
  });

  it("shows 'No new alerts.' and 'No system notices.' for empty lists", async () => {
    stubApi();
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    expect(await screen.findByText(MESSAGES.empty.noAlerts)).toBeInTheDocument();
    await openNotices(user);
    expect(await screen.findByText(MESSAGES.empty.noSystemNotices)).toBeInTheDocument();
  });

  it("opening a tab marks its kind seen, and each tab carries its own ', new'", async () => {
    const calls = stubApi();
    act(() => useNotificationsStore.getState().applyStatus(status({ latestUserAlert: '2025-06-01T10:00:00.000Z', latestSystemNotice: '2025-06-01T10:00:00.000Z' })));
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    // My Notifications is open, so its dot clears at once; System Notices still has one.
    expect(screen.getByRole('tab', { name: 'My Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'System Notices, new' })).toBeInTheDocument();
    await waitFor(() => expect(seenKinds(calls)).toEqual(['alerts']));
    await openNotices(user);
    await waitFor(() => expect(seenKinds(calls)).toEqual(['alerts', 'notices']));
    expect(screen.getByRole('tab', { name: 'System Notices' })).toBeInTheDocument();
    expect(useNotificationsStore.getState()).toMatchObject({ alertsDot: false, noticesDot: false });
  });

  it('lists alerts with the actor picture, message and time, linking to the post or the follower', async () => {
    stubApi({
      alerts: page([
        makeAlert({ id: 1, type: 'like', message: 'Other Person liked your post', post_id: 42 }),
        makeAlert({ id: 2, type: 'follow', message: 'Other Person started following you', post_id: null }),
      ]),
    });
    renderAt(<NotificationsPage />, '/notifications');
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/post/42');
    expect(links[0]).toHaveTextContent('Other Person liked your post');
    expect(links[0].querySelector('img')).toBeInTheDocument();
    expect(links[0].querySelector('time')).toHaveTextContent('now');
    expect(links[1]).toHaveAttribute('href', '/profile/other');
  });

  it('prepends pushed alerts live and drops removed ones', async () => {
    stubApi({ alerts: page([makeAlert({ id: 1, message: 'older alert' })]) });
    renderAt(<NotificationsPage />, '/notifications');
    await screen.findByText('older alert');
    act(() => publishRealtime('alert:new', makeAlert({ id: 2, message: 'fresh alert' })));
    const rows = within(screen.getByRole('list', { name: 'Alerts' })).getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('fresh alert'), expect.stringContaining('older alert')]);
    act(() => publishRealtime('alert:removed', { id: 1 }));
    expect(screen.queryByText('older alert')).not.toBeInTheDocument();
  });

  it('an alert:sync (alerts whose push was lost) reloads the alert list quietly', async () => {
    let alerts = page([makeAlert({ id: 1, message: 'older alert' })]);
    const calls = stubFetch((raw) => {
      if (raw.startsWith('/api/notifications/user/')) return jsonResponse(alerts);
      return jsonResponse({ success: true, ...status() });
    });
    renderAt(<NotificationsPage />, '/notifications');
    await screen.findByText('older alert');
    const loads = () => calls.filter((c) => c.url.startsWith('/api/notifications/user/')).length;
    const before = loads();
    alerts = page([makeAlert({ id: 2, message: 'missed alert' }), makeAlert({ id: 1, message: 'older alert' })]);
    act(() => publishRealtime('alert:sync', { latestAlertId: 2, latestAlertAt: new Date().toISOString() }));
    expect(await screen.findByText('missed alert')).toBeInTheDocument();
    expect(screen.getByText('older alert')).toBeInTheDocument();
    expect(loads()).toBe(before + 1);
  });

  it('searches alerts with ?query= and notices through /api/search/notifications', async () => {
    const calls = stubApi({ notices: [makeNotice({ id: 1, content: 'Maintenance tonight' }), makeNotice({ id: 2, content: 'New feature' })] });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    const box = screen.getByRole('searchbox', { name: 'Search notifications' });
    expect(box).toHaveAttribute('data-page-search');
    await user.type(box, 'feature');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/notifications/user/7?query=feature'))).toBe(true));
    await openNotices(user);
    expect(await screen.findByText('New feature')).toBeInTheDocument();
    expect(screen.queryByText('Maintenance tonight')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/search/notifications?query=feature')).toBe(true);
  });

  it('non-staff users see notices but no composer, Edit or Delete', async () => {
    stubApi({ notices: [makeNotice()] });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    expect(await screen.findByText('Maintenance tonight at 10.')).toBeInTheDocument();
    expect(screen.getByText('Staff Person')).toBeInTheDocument();
    expect(screen.queryByLabelText('System notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('staff post a notice; an empty one alerts instead', async () => {
    setSession(STAFF);
    const posted = makeNotice({ id: 9, user_id: 2, content: 'Hello all' });
    const calls = stubApi({ save: () => jsonResponse({ success: true, notice: posted }) });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await screen.findByText(MESSAGES.empty.noSystemNotices);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(alertTexts()).toContain(MESSAGES.notices.contentOrMedia);

    // Only the text area answers to the label 'System notice', even as a part of a name (Playwright's getByLabel).
    const labelled = [...document.querySelectorAll('[aria-label], [aria-labelledby], textarea')].filter((el) =>
      /system notice/i.test(
        el.getAttribute('aria-label') ??
          (el.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') ??
          '',
      ),
    );
    expect(labelled).toHaveLength(0);
    expect(screen.getByLabelText('System notice')).toBe(screen.getByRole('textbox', { name: 'System notice' }));
    await user.type(screen.getByRole('textbox', { name: 'System notice' }), 'Hello all');
    expect(screen.getByLabelText('Attach media')).toHaveAttribute('type', 'file');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Hello all', { selector: 'p' })).toBeInTheDocument();
    const post = calls.find((c) => c.url === '/api/notifications/posts' && c.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ message: 'Hello all' });
    expect(screen.getByRole('textbox', { name: 'System notice' })).toHaveValue('');
  });

  it('a failed post alerts Post failed.; a 401 alerts Unauthorized', async () => {
    setSession(STAFF);
    let code = 500;
    stubApi({ save: () => jsonResponse({ success: false, error: 'x', statusCode: code }, code) });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await user.type(screen.getByRole('textbox', { name: 'System notice' }), 'Hi');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.notices.postFailed));
    code = 401;
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.notices.unauthorized));
  });

  it('Edit loads the notice into the composer, Post becomes Save and Cancel appears', async () => {
    setSession(STAFF);
    const own = makeNotice({ id: 3, user_id: 2, content: 'Original text' });
    const other = makeNotice({ id: 4, user_id: 99, username: 'boss', content: 'Not mine' });
    const saves: unknown[] = [];
    stubApi({
      notices: [own, other],
      save: (body) => {
        saves.push(JSON.parse(String(body)));
        return jsonResponse({ success: true, notice: { ...own, content: 'Edited text' } });
      },
    });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await screen.findByText('Original text');
    // Staff manage their own notices only.
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'System notice' });
    expect(box).toHaveValue('Original text');
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'System notice' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'System notice' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alertTexts()).toContain(MESSAGES.notices.editEmpty);
    expect(saves).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'System notice' }), 'Edited text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Edited text', { selector: 'p' })).toBeInTheDocument();
    expect(saves).toEqual([{ id: 3, message: 'Edited text' }]);
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
  });

  it('a failed edit alerts Could not update post', async () => {
    setSession(ADMIN);
    stubApi({ notices: [makeNotice({ id: 3 })], save: () => jsonResponse({ success: false }, 500) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.notices.couldNotUpdate));
  });

  it("Delete asks to confirm, deletes and says 'Message deleted.'; cancelling does nothing", async () => {
    setSession(ADMIN);
    const calls = stubApi({ notices: [makeNotice({ id: 3, content: 'Goodbye' })] });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await screen.findByText('Goodbye');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await answerConfirm(user, MESSAGES.notices.confirmDelete, 'Cancel');
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await answerConfirm(user, MESSAGES.notices.confirmDelete, 'Delete');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.notices.deleted));
    expect(calls.find((c) => c.init.method === 'DELETE')?.url).toBe('/api/notifications/posts/3');
    expect(screen.queryByText('Goodbye')).not.toBeInTheDocument();
  });

  it('a failed delete alerts Could not delete system message.', async () => {
    setSession(ADMIN);
    stubApi({ notices: [makeNotice({ id: 3 })], del: () => jsonResponse({ success: false }, 500) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await answerConfirm(user, MESSAGES.notices.confirmDelete, 'Delete');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.notices.couldNotDelete));
    expect(screen.getByText('Maintenance tonight at 10.')).toBeInTheDocument();
  });

  it('pushed notices are prepended live; updates and deletions apply in place', async () => {
    stubApi({ notices: [makeNotice({ id: 1, content: 'first' })] });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await screen.findByText('first');
    act(() => publishRealtime('notice:created', makeNotice({ id: 2, content: 'second', createdAt: new Date().toISOString() })));
    const texts = () => within(screen.getByRole('list', { name: 'Notices' })).getAllByRole('article').map((a) => a.querySelector('.notice-card-text')?.textContent);
    expect(texts()).toEqual(['second', 'first']);
    act(() => publishRealtime('notice:updated', makeNotice({ id: 1, content: 'first, edited' })));
    expect(texts()).toEqual(['second', 'first, edited']);
    act(() => publishRealtime('notice:deleted', { id: 1 }));
    expect(texts()).toEqual(['second']);
  });

  it('shows notice media by its extension', async () => {
    stubApi({ notices: [makeNotice({ id: 1, media_url: '/uploads/a.mp4' }), makeNotice({ id: 2, media_url: '/uploads/b.png', content: 'pic' })] });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await screen.findByText('pic');
    expect(document.querySelector('video.notice-media')).toHaveAttribute('src', '/uploads/a.mp4');
    expect(document.querySelector('img.notice-media')).toHaveAttribute('src', '/uploads/b.png');
  });

  it('a dot that lights on the open tab is marked seen again; the other tab gains its own', async () => {
    const calls = stubApi();
    renderAt(<NotificationsPage />, '/notifications');
    await waitFor(() => expect(seenKinds(calls)).toEqual(['alerts']));
    act(() => useNotificationsStore.getState().noticeArrived(makeNotice({ id: 5, createdAt: new Date().toISOString() })));
    expect(screen.getByRole('tab', { name: 'System Notices, new' })).toBeInTheDocument();
    act(() => useNotificationsStore.getState().alertArrived(makeAlert({ id: 6, createdAt: new Date(Date.now() + 1000).toISOString() })));
    await waitFor(() => expect(seenKinds(calls)).toEqual(['alerts', 'alerts']));
    expect(screen.getByRole('tab', { name: 'My Notifications' })).toBeInTheDocument();
  });
});
