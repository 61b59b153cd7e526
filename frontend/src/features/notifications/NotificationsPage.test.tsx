import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type SystemNotice } from '@cloud9/contracts';
import { NotificationsPage } from './NotificationsPage';
import { RealtimeConnection } from '../../queries/RealtimeConnection';
import { publishRealtime } from '../../realtime/bus';
import { useNotificationsStore } from '../../stores/notifications';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall, alertTexts, answerConfirm } from '../../test/utils';
import { makeAlert, makeGroup, makeNotice, status } from '../../test/notifications';
import { page } from '../../test/posts';

/** The page with the realtime connection, through which pushed events reach the cache. */
const renderLive = () =>
  renderAt(
    <>
      <RealtimeConnection />
      <NotificationsPage />
    </>,
    '/notifications',
  );

const ADMIN = testUser({ id: 1, username: 'admin', group_id: 1 });
const STAFF = testUser({ id: 2, username: 'staffer', group_id: 3 });

interface Api {
  /** The single alerts of a search. */
  alerts?: unknown;
  /** The grouped list (grouped=1). */
  groups?: unknown;
  notices?: SystemNotice[];
  save?: (body: unknown) => Response;
  del?: () => Response;
}

function stubApi({ alerts = page([]), groups = page([]), notices = [], save, del }: Api = {}) {
  return stubFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/notifications/seen') return jsonResponse({ success: true, ...status() });
    if (url.pathname.startsWith('/api/notifications/user/')) return jsonResponse(url.searchParams.get('grouped') ? groups : alerts);
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

  it("opening System Notices marks notices seen; My Notifications marks nothing until 'Mark all as read'; each tab carries its own ', new'", async () => {
    const calls = stubApi();
    act(() => useNotificationsStore.getState().applyStatus(status({ latestUserAlert: '2025-06-01T10:00:00.000Z', latestSystemNotice: '2025-06-01T10:00:00.000Z' })));
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    expect(await screen.findByText(MESSAGES.empty.noAlerts)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Notifications, new' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'System Notices, new' })).toBeInTheDocument();
    expect(seenKinds(calls)).toEqual([]);
    await openNotices(user);
    await waitFor(() => expect(seenKinds(calls)).toEqual(['notices']));
    expect(screen.getByRole('tab', { name: 'System Notices' })).toBeInTheDocument();
    expect(useNotificationsStore.getState()).toMatchObject({ alertsDot: true, noticesDot: false });
  });

  it('lists alert groups (grouped=1): the sentence, the first line of the post, up to three avatars, the time; links to the post or the follower', async () => {
    const calls = stubApi({
      groups: page([
        makeGroup({ key: 'like:42', count: 4, actors: [
          { username: 'bob', name: 'Bob', thumbnail: null },
          { username: 'ann', name: null, thumbnail: null },
          { username: 'cy', name: 'Cy', thumbnail: null },
        ] }),
        makeGroup({ key: 'follow:2026-11-23', type: 'follow', post: undefined, count: 2, actors: [
          { username: 'dee', name: 'Dee', thumbnail: null },
          { username: 'eve', name: 'Eve', thumbnail: null },
        ] }),
      ]),
    });
    renderAt(<NotificationsPage />, '/notifications');
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/post/42');
    expect(links[0]).toHaveTextContent('Bob and 3 others liked your post');
    expect(links[0]).toHaveTextContent('Sunny day over the clouds');
    expect(links[0]).not.toHaveTextContent('second line');
    expect(links[0].querySelectorAll('img')).toHaveLength(3);
    expect(links[0].querySelector('time')).toHaveTextContent('now');
    expect(links[1]).toHaveAttribute('href', '/profile/dee');
    expect(links[1]).toHaveTextContent('Dee and 1 other started following you');
    expect(calls.some((c) => c.url === '/api/notifications/user/7?grouped=1')).toBe(true);
  });

  it('marks unread groups for eyes and screen readers; Mark all as read clears them and the dot', async () => {
    let unread = true;
    const calls = stubFetch((raw) => {
      if (raw.startsWith('/api/notifications/user/')) return jsonResponse(page([makeGroup({ unread })]));
      if (raw === '/api/notifications/seen') {
        unread = false;
        return jsonResponse({ success: true, ...status({ latestUserAlert: '2025-06-01T10:00:00.000Z', lastSeenUserAlerts: '2025-06-01T10:00:01.000Z' }) });
      }
      return jsonResponse({ success: true, ...status() });
    });
    act(() => useNotificationsStore.getState().applyStatus(status({ latestUserAlert: '2025-06-01T10:00:00.000Z' })));
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    const row = await screen.findByRole('link', { name: /^Unread: Other Person liked your post/ });
    expect(row).toHaveClass('alert-group-unread');
    await user.click(screen.getByRole('button', { name: MESSAGES.alertGroups.markAllRead }));
    await waitFor(() => expect(screen.getByRole('link', { name: /^Other Person liked your post/ })).not.toHaveClass('alert-group-unread'));
    expect(screen.queryByText(/Unread/)).not.toBeInTheDocument();
    expect(seenKinds(calls)).toEqual(['alerts']);
    expect(useNotificationsStore.getState().alertsDot).toBe(false);
  });

  it('Mentions shows only mentions (type=mention), with its own empty message; the filter is a pressed button', async () => {
    const calls = stubFetch((raw) => {
      const url = new URL(raw, 'http://localhost');
      if (url.pathname.startsWith('/api/notifications/user/')) {
        return jsonResponse(url.searchParams.get('type') === 'mention' ? page([]) : page([makeGroup()]));
      }
      return jsonResponse({ success: true, ...status() });
    });
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await screen.findByText('Other Person liked your post');
    const filter = screen.getByRole('group', { name: MESSAGES.alertGroups.filterLabel });
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filter).getByRole('button', { name: 'Mentions' }));
    expect(await screen.findByText(MESSAGES.alertGroups.noMentions)).toBeInTheDocument();
    expect(within(filter).getByRole('button', { name: 'Mentions' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((c) => c.url === '/api/notifications/user/7?grouped=1&type=mention')).toBe(true);
  });

  it('a failed first page says so and offers a retry', async () => {
    stubFetch((raw) => (raw.startsWith('/api/notifications/user/') ? jsonResponse({ success: false, error: 'x', statusCode: 500 }, 500) : jsonResponse({ success: true, ...status() })));
    renderAt(<NotificationsPage />, '/notifications');
    expect(await screen.findByText(MESSAGES.alertGroups.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a pushed or withdrawn alert reads the groups again, so the count rises live', async () => {
    let count = 1;
    stubFetch((raw) => (raw.startsWith('/api/notifications/user/') ? jsonResponse(page([makeGroup({ count })])) : jsonResponse({ success: true, ...status() })));
    renderLive();
    await screen.findByText('Other Person liked your post');
    count = 3;
    act(() => publishRealtime('alert:new', makeAlert({ id: 2 })));
    expect(await screen.findByText('Other Person and 2 others liked your post')).toBeInTheDocument();
    count = 2;
    act(() => publishRealtime('alert:removed', { id: 2 }));
    expect(await screen.findByText('Other Person and 1 other liked your post')).toBeInTheDocument();
  });

  it('a status naming an alert newer than the list shows (its push never came) reads the groups again', async () => {
    let groups = page([makeGroup({ key: 'like:1', post: { id: 1, content: 'older' }, latestAt: '2025-06-01T10:00:00.000Z' })]);
    stubFetch((raw) => (raw.startsWith('/api/notifications/user/') ? jsonResponse(groups) : jsonResponse({ success: true, ...status() })));
    renderAt(<NotificationsPage />, '/notifications');
    await screen.findByText('older');
    groups = page([makeGroup({ key: 'like:2', post: { id: 2, content: 'unpushed' }, latestAt: '2025-06-01T10:05:00.000Z' }), groups.items[0]]);
    act(() => useNotificationsStore.getState().applyStatus(status({ latestUserAlert: '2025-06-01T10:05:00.000Z' })));
    expect(await screen.findByText('unpushed')).toBeInTheDocument();
  });

  it('an alert:sync (alerts whose push was lost) reloads the groups quietly', async () => {
    let groups = page([makeGroup({ key: 'like:1', post: { id: 1, content: 'older' } })]);
    const calls = stubFetch((raw) => {
      if (raw.startsWith('/api/notifications/user/')) return jsonResponse(groups);
      return jsonResponse({ success: true, ...status() });
    });
    renderLive();
    await screen.findByText('older');
    const loads = () => calls.filter((c) => c.url.startsWith('/api/notifications/user/')).length;
    const before = loads();
    groups = page([makeGroup({ key: 'like:2', post: { id: 2, content: 'missed' } }), makeGroup({ key: 'like:1', post: { id: 1, content: 'older' } })]);
    act(() => publishRealtime('alert:sync', { latestAlertId: 2, latestAlertAt: new Date().toISOString() }));
    expect(await screen.findByText('missed')).toBeInTheDocument();
    expect(screen.getByText('older')).toBeInTheDocument();
    expect(loads()).toBe(before + 1);
  });

  it('a search lists single alerts (no grouping), pushed ones joining live', async () => {
    stubApi({ alerts: page([makeAlert({ id: 1, message: 'older alert' })]) });
    const user = userEvent.setup();
    renderLive();
    await user.type(screen.getByRole('searchbox', { name: 'Search notifications' }), 'alert');
    const list = await screen.findByRole('list', { name: 'Alerts' });
    expect(await within(list).findByText('older alert')).toBeInTheDocument();
    expect(within(list).getByRole('link')).toHaveAttribute('href', '/post/42');
    act(() => publishRealtime('alert:removed', { id: 1 }));
    await waitFor(() => expect(screen.queryByText('older alert')).not.toBeInTheDocument());
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
    // The list draws its pages in a deferred render (PagedList): the notice leaves it right after the toast.
    await waitFor(() => expect(screen.queryByText('Goodbye')).not.toBeInTheDocument());
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
    renderLive();
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

  it('a notices dot that lights while System Notices is open is marked seen again; My Notifications gains its own', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderAt(<NotificationsPage />, '/notifications');
    await openNotices(user);
    await waitFor(() => expect(seenKinds(calls)).toEqual(['notices']));
    act(() => useNotificationsStore.getState().noticeArrived(makeNotice({ id: 5, createdAt: new Date().toISOString() })));
    await waitFor(() => expect(seenKinds(calls)).toEqual(['notices', 'notices']));
    act(() => useNotificationsStore.getState().alertArrived(makeAlert({ id: 6, createdAt: new Date(Date.now() + 1000).toISOString() })));
    expect(screen.getByRole('tab', { name: 'My Notifications, new' })).toBeInTheDocument();
    expect(seenKinds(calls)).toEqual(['notices', 'notices']);
  });
});
