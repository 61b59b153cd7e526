import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, type AdminUser, type AuditEntry } from '@cloud9/contracts';
import { answerConfirm, jsonResponse, stubFetch } from '../../test/utils';
import { expectNoNativeDialogs, renderPanel } from './adminTestKit';
import { ADMIN_TEXT } from './adminText';

const adminRow = (over: Partial<AdminUser>): AdminUser => ({ id: 2, username: 'bob', email: 'bob@example.com', name: null, group_id: 5, createdAt: '2025-02-01T00:00:00.000Z', ...over });

const audit = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actorId: 1,
  actorUsername: 'root',
  action: 'admin.users.set_group',
  target: 'user:2',
  result: 'ok',
  details: { group_id: 6 },
  createdAt: '2025-05-01T10:00:00.000Z',
  ...over,
});

afterEach(expectNoNativeDialogs);

describe('Admin tools: Manage Users', () => {
  it('lists users, searches on the server, pages with Load more, and changes a group with PATCH', async () => {
    // The server as the stub keeps it: a list read after the PATCH shows cara's new group.
    let caraGroup = 5;
    const cara = () => adminRow({ id: 3, username: 'cara', group_id: caraGroup });
    const calls = stubFetch((url, init) => {
      if (init.method === 'PATCH') {
        caraGroup = 7;
        return jsonResponse({ success: true, user: cara() });
      }
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('query') === 'car') return jsonResponse({ items: [cara()], nextCursor: null });
      if (q.get('cursor') === 'c2') return jsonResponse({ items: [cara()], nextCursor: null });
      return jsonResponse({ items: [adminRow({ id: 1, username: 'root', group_id: 1 }), adminRow({})], nextCursor: 'c2' });
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage users' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Users' });
    const list = await within(dialog).findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // One's own group cannot be changed here.
    expect(within(dialog).getByLabelText('Group for @root')).toBeDisabled();
    expect(within(dialog).getByLabelText('Group for @bob')).toHaveValue('5');

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await within(list).findByText('@cara · bob@example.com');

    await user.selectOptions(within(dialog).getByLabelText('Group for @cara'), '7');
    await waitFor(() => expect(within(dialog).getByText(ADMIN_TEXT.groupChanged('cara', '7 · Gold'))).toBeInTheDocument());
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(patch.url).toBe('/api/admin/users/3');
    expect(JSON.parse(String(patch.init.body))).toEqual({ group_id: 7 });
    // The list renders its rows deferred (PagedList's useDeferredValue), so the status can be read first.
    await waitFor(() => expect(within(dialog).getByLabelText('Group for @cara')).toHaveValue('7'));

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'car');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/users?query=car')).toBe(true));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage users' })).toHaveFocus();
  });

  it('making someone an admin asks first; a refused change alerts "Failed: {error}"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubFetch((_url, init) =>
      init.method === 'PATCH' ? jsonResponse({ success: false, error: 'group_id must be 1 to 9.', statusCode: 400 }, 400) : jsonResponse({ items: [adminRow({})], nextCursor: null }),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage users' }));
    const select = await screen.findByLabelText('Group for @bob');
    await user.selectOptions(select, '1');
    await answerConfirm(user, ADMIN_TEXT.promoteConfirm('bob'), 'Cancel');
    // The question answered, the Manage Users dialog is still open and nothing was sent.
    expect(screen.getByRole('dialog', { name: 'Manage Users' })).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'PATCH')).toBe(false);
    expect(select).toHaveValue('5');

    await user.selectOptions(select, '6');
    // Said inside the dialog, where the reader is.
    const dialog = screen.getByRole('dialog', { name: 'Manage Users' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed: group_id must be 1 to 9.'));
    expect(select).toHaveValue('5');
  });
});

describe('Admin tools: View Logs', () => {
  it('lists the audit log with search; an empty log says so', async () => {
    const calls = stubFetch((url) =>
      url.includes('query=nothing')
        ? jsonResponse({ items: [], nextCursor: null })
        : jsonResponse({ items: [audit({}), audit({ id: 2, action: 'admin.backup', target: null, result: 'error', details: { error: 'disk full' } })], nextCursor: null }),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View logs' }));
    const dialog = screen.getByRole('dialog', { name: 'Admin logs' });
    const list = await within(dialog).findByRole('list', { name: 'Log entries' });
    const rows = within(list).getAllByRole('listitem');
    // Actions, results and targets in words; details as labelled fields, never JSON.
    expect(rows[0]).toHaveTextContent('Group change');
    expect(rows[0]).toHaveTextContent('by @root · user #2');
    expect(within(rows[0]).getByText('Group').nextElementSibling).toHaveTextContent('6 · Silver');
    expect(rows[1]).toHaveTextContent('Database backup');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(within(rows[1]).getByText('Error').nextElementSibling).toHaveTextContent('disk full');
    expect(list).not.toHaveTextContent('{');
    expect(calls[0].url).toBe('/api/admin/audit');

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search logs' }), 'nothing');
    expect(await within(dialog).findByText(ADMIN_TEXT.noLogsMatch)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Admin tools: group settings', () => {
  it('opens a modal table of every tier from GET /api/groups', async () => {
    const calls = stubFetch(() => jsonResponse(PLANS.map((p) => ({ ...p, paypalPlanId: null }))));
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open group settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Group settings' });
    const table = await within(dialog).findByRole('table');
    expect(calls[0].url).toBe('/api/groups');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Group', 'Fee / month', 'Post chars', 'Media size', 'Edit window', 'Boosts / month', 'Priority']);
    const silver = within(table).getByRole('rowheader', { name: '6 Silver' }).closest('tr')!;
    expect(Array.from(silver.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['$4.99', '500', '4 MB', '30 min', '1', 'Yes']);
    const basic = within(table).getByRole('rowheader', { name: '5 Basic' }).closest('tr')!;
    expect(Array.from(basic.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['Free', '300', '2 MB', 'No editing', 'none', 'No']);
    expect(within(table).getAllByRole('row')).toHaveLength(PLANS.length + 1);
  });

  it('a failed load offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: 'down', statusCode: 503 }, 503) : jsonResponse(PLANS.map((p) => ({ ...p, paypalPlanId: null })))));
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open group settings' }));
    expect(await screen.findByText(ADMIN_TEXT.groupsFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
