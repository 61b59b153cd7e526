import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupId, MODERATION_QUEUE_TEXT as T, type ModerationAccount, type ModerationReport } from '@cloud9/contracts';
import { alertTexts, answerConfirm, jsonResponse, renderAt, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { page } from '../../test/posts';
import { ModerationPage } from './ModerationPage';

const account = (id: number, username: string, overrides: Partial<ModerationAccount> = {}): ModerationAccount => ({
  id, username, name: null, thumbnail: null, group_id: GroupId.Basic, suspendedUntil: null, ...overrides,
});

const makeReport = (overrides: Partial<ModerationReport> = {}): ModerationReport => ({
  id: 1,
  status: 'open',
  reason: 'spam',
  comment: 'Buy-now links everywhere',
  createdAt: new Date().toISOString(),
  reporter: account(20, 'watchful'),
  target: { type: 'post', user: account(30, 'spammer'), post: { id: 500, content: 'Cheap pills here', media_url: null, gif_url: null, createdAt: new Date().toISOString() }, messages: null },
  posts: [],
  resolution: null,
  ...overrides,
});

const bodyOf = (call: FetchCall | undefined) => JSON.parse(String(call?.init.body));
const actionCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/moderation/reports/') && c.init.method === 'POST');

/** A queue whose answer is `reports` until an action succeeds; then every report is settled. */
function serveQueue(reports: ModerationReport[]) {
  let open = reports;
  return stubFetch((url, init) => {
    if (url.startsWith('/api/moderation/reports/') && init.method === 'POST') {
      open = [];
      return jsonResponse({ success: true, report: { ...reports[0], status: 'resolved' } });
    }
    if (url.startsWith('/api/moderation/reports')) return jsonResponse(page(url.includes('status=resolved') ? [] : open));
    return jsonResponse({});
  });
}

describe('ModerationPage', () => {
  it('shows members the forbidden state and asks the server nothing', async () => {
    setSession(testUser({ group_id: GroupId.Basic }));
    const calls = serveQueue([makeReport()]);
    renderAt(<ModerationPage />, '/moderation');
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(screen.getByText(T.forbidden)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/api/moderation'))).toEqual([]);
  });

  it('lists open reports with the post, the reported account, the reporter and the comment; filters by status and reason', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    const calls = serveQueue([makeReport()]);
    const user = userEvent.setup();
    renderAt(<ModerationPage />, '/moderation');
    const list = await screen.findByRole('list', { name: T.listLabel });
    const card = within(list).getByRole('article', { name: /Spam Reported post/ });
    expect(within(card).getByText('Cheap pills here')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '@spammer' })).toHaveAttribute('href', '/profile/spammer');
    expect(within(card).getByRole('link', { name: '@watchful' })).toBeInTheDocument();
    expect(within(card).getByText('Buy-now links everywhere')).toBeInTheDocument();
    const actions = within(card).getByRole('group', { name: T.actionsLabel('spammer') });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss', 'Delete post', 'Warn', 'Suspend']);
    expect(calls[0].url).toBe('/api/moderation/reports?status=open');

    await user.selectOptions(screen.getByLabelText(T.reasonLabel), 'illegal');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/moderation/reports?status=open&reason=illegal')).toBe(true));
    await user.selectOptions(screen.getByLabelText(T.statusLabel), 'resolved');
    expect(await screen.findByText(T.emptyResolved)).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/moderation/reports?status=resolved&reason=illegal');
  });

  it('shows a message report as its copy: the messages before it and the reported one, marked; no post action', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    const at = new Date().toISOString();
    const messages = [
      { id: 7, senderId: 20, senderUsername: 'watchful', text: 'please stop', mediaUrl: null, gif: null, createdAt: at },
      { id: 8, senderId: 30, senderUsername: 'spammer', text: 'buy my pills', mediaUrl: null, gif: null, createdAt: at },
    ];
    serveQueue([makeReport({ target: { type: 'message', user: account(30, 'spammer'), post: null, messages } })]);
    renderAt(<ModerationPage />, '/moderation');
    const card = await screen.findByRole('article', { name: /Spam Reported message/ });
    const copy = within(card).getByRole('list', { name: T.messageContext });
    const items = within(copy).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('please stop'), expect.stringContaining('buy my pills')]);
    expect(within(items[1]).getByText(T.reportedMessageLabel)).toBeInTheDocument();
    expect(within(items[0]).queryByText(T.reportedMessageLabel)).not.toBeInTheDocument();
    const actions = within(card).getByRole('group', { name: T.actionsLabel('spammer') });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss', 'Warn', 'Suspend']);
  });

  it('says the skies are clear when nothing is open', async () => {
    setSession(testUser({ group_id: GroupId.Staff2 }));
    serveQueue([]);
    renderAt(<ModerationPage />, '/moderation');
    expect(await screen.findByText(T.emptyOpen)).toBeInTheDocument();
  });

  it('dismisses after an in-app confirmation and drops every open report on the same target', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    const calls = serveQueue([makeReport(), makeReport({ id: 2, reporter: account(21, 'another'), comment: 'same post' })]);
    const user = userEvent.setup();
    renderAt(<ModerationPage />, '/moderation');
    const list = await screen.findByRole('list', { name: T.listLabel });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    await user.click(within(list).getAllByRole('button', { name: 'Dismiss' })[0]);
    await answerConfirm(user, T.confirmDismiss, 'Dismiss');
    expect(await screen.findByText(T.emptyOpen)).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => [c.url, bodyOf(c)])).toEqual([['/api/moderation/reports/1/actions', { action: 'dismiss' }]]);
    expect(screen.getByText(T.done.dismiss)).toBeInTheDocument();
  });

  it('sends nothing when a confirmation is declined', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    const calls = serveQueue([makeReport()]);
    const user = userEvent.setup();
    renderAt(<ModerationPage />, '/moderation');
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    await answerConfirm(user, T.confirmDelete, 'Cancel');
    expect(actionCalls(calls)).toEqual([]);
  });

  it('warns with the text typed in the in-app prompt', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    const calls = serveQueue([makeReport()]);
    const user = userEvent.setup();
    renderAt(<ModerationPage />, '/moderation');
    await user.click(await screen.findByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('dialog', { name: T.warnPrompt('spammer') });
    await user.type(within(dialog).getByRole('textbox', { name: T.warnPrompt('spammer') }), 'No spam, please.');
    await user.click(within(dialog).getByRole('button', { name: T.sendWarning }));
    await waitFor(() => expect(actionCalls(calls).map(bodyOf)).toEqual([{ action: 'warn', text: 'No spam, please.' }]));
  });

  it('suspends for a chosen number of days; "For good" is offered to the admin only', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    const calls = serveQueue([makeReport({ target: { type: 'user', user: account(30, 'spammer'), post: null, messages: null } })]);
    const user = userEvent.setup();
    const { unmount } = renderAt(<ModerationPage />, '/moderation');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: T.suspendTitle('spammer') });
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['1 day', '7 days', '30 days']);
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(actionCalls(calls)).toHaveLength(1));
    const sent = bodyOf(actionCalls(calls)[0]);
    expect(sent.action).toBe('suspend');
    expect(Math.round((Date.parse(sent.until) - Date.now()) / 86_400_000)).toBe(30);
    unmount();

    setSession(testUser({ group_id: GroupId.Admin }));
    const adminCalls = serveQueue([makeReport({ target: { type: 'user', user: account(30, 'spammer'), post: null, messages: null } })]);
    renderAt(<ModerationPage />, '/moderation');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const adminDialog = screen.getByRole('dialog', { name: T.suspendTitle('spammer') });
    await user.click(within(adminDialog).getByRole('radio', { name: T.forGood }));
    await user.click(within(adminDialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(actionCalls(adminCalls).map(bodyOf)).toEqual([{ action: 'suspend' }]));
  });

  it('offers Lift suspension for a suspended account, and no actions on accounts the viewer may not act on', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    serveQueue([
      makeReport({ target: { type: 'user', user: account(30, 'spammer', { suspendedUntil: 'infinity' }), post: null, messages: null } }),
      makeReport({ id: 2, target: { type: 'user', user: account(31, 'colleague', { group_id: GroupId.Staff2 }), post: null, messages: null } }),
    ]);
    renderAt(<ModerationPage />, '/moderation');
    const [suspended, colleague] = within(await screen.findByRole('list', { name: T.listLabel })).getAllByRole('article');
    expect(within(suspended).getByText(T.suspendedUntil('infinity'))).toBeInTheDocument();
    expect(within(suspended).getByRole('button', { name: T.actions.unsuspend })).toBeInTheDocument();
    expect(within(suspended).queryByRole('button', { name: T.actions.suspend })).toBeNull();
    expect(within(colleague).queryByRole('button')).toBeNull();
    expect(within(colleague).getByText(T.cannotAct)).toBeInTheDocument();
  });

  it('shows the server’s refusal as an error toast and keeps the report', async () => {
    setSession(testUser({ group_id: GroupId.Staff3 }));
    stubFetch((url, init) => {
      if (init.method === 'POST') return jsonResponse({ success: false, statusCode: 409, error: 'This report has already been handled.' }, 409);
      return jsonResponse(page([makeReport()]));
    });
    const user = userEvent.setup();
    renderAt(<ModerationPage />, '/moderation');
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await answerConfirm(user, T.confirmDismiss, 'Dismiss');
    await waitFor(() => expect(alertTexts()).toEqual(['This report has already been handled.']));
    expect(screen.getByText('Cheap pills here')).toBeInTheDocument();
  });
});
