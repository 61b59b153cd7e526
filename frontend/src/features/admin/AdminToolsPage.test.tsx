import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, QUEUE_DASHBOARD_PATH } from '@cloud9/contracts';
import { alertTexts, answerConfirm, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { AdminToolsPage } from './AdminToolsPage';
import { answerPrompt, card, expectNoNativeDialogs, lastAlert, renderPanel, statusOf } from './adminTestKit';
import { ADMIN_TEXT } from './adminText';
import { JOB_POLL_MS } from './useAdminJob';

const notFound = () => jsonResponse({ success: false, error: 'Not found.', statusCode: 404 }, 404);
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(expectNoNativeDialogs);

describe('Admin tools: access', () => {
  it.each([2, 5, 6, 9])('group %i sees only "Unauthorized Access"', (group_id) => {
    setSession(testUser({ group_id }));
    renderAt(<AdminToolsPage />, '/admin-tools');
    expect(screen.getByText(MESSAGES.admin.unauthorizedAccess)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('group 1 sees every tool, no "coming soon", and links to the reset form and the queue dashboard', () => {
    stubFetch(notFound);
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeInTheDocument();
    for (const title of [
      'Reset a password',
      'Find a user',
      'Manage Users',
      'Delete a user',
      'Back up or restore the database',
      'Run an app backup',
      'Sync follow tables',
      'Orphaned uploads',
      'Queue dashboard',
      'Admin boost a post',
      'Process the boost queue',
      'Manage group settings',
      'View Logs',
    ]) {
      expect(card(title)).toBeInTheDocument();
    }
    expect(screen.queryByText(MESSAGES.admin.comingSoon)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open reset form' })).toHaveAttribute('href', '/admin-reset');
    const dashboard = screen.getByRole('link', { name: /Open queue dashboard/ });
    expect(dashboard).toHaveAttribute('href', QUEUE_DASHBOARD_PATH);
    expect(dashboard).toHaveAttribute('target', '_blank');
    expect(dashboard).toHaveAttribute('rel', 'noopener');
  });
});

describe('Admin tools: queue dashboard', () => {
  it('counts every queue’s jobs into a table, in words and numbers', async () => {
    const calls = stubFetch(() =>
      jsonResponse({
        queues: [
          { queue: 'admin', waiting: 1, active: 0, delayed: 0, failed: 2, completed: 1500 },
          { queue: 'boosts', waiting: 0, active: 1, delayed: 3, failed: 0, completed: 4 },
        ],
      }),
    );
    renderPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Count jobs' }));
    const table = await within(card('Queue dashboard')).findByRole('table', { name: 'Jobs of each queue by state' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Queue', 'Waiting', 'Running', 'Delayed', 'Failed', 'Completed']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((td) => td.textContent))).toEqual([
      ['1', '0', '0', '2', '1,500'],
      ['0', '1', '3', '0', '4'],
    ]);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Maintenance (backups, syncs, scans)');
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/job-counts']);
    expect(within(card('Queue dashboard')).getByRole('region', { name: 'Job counts' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Count again' })).toBeInTheDocument();
  });
});

describe('Admin tools: backup or restore', () => {
  it("refuses anything but 'backup' or 'restore' with an alert, without a request", async () => {
    const calls = stubFetch(notFound);
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run backup or restore' }));
    await answerPrompt(user, ADMIN_TEXT.backupPrompt, 'drop tables');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.invalidBackupInput));
    expect(statusOf('Back up or restore the database')).toHaveTextContent(MESSAGES.admin.invalidBackupInput);
    // Announced once, by the alert toast: the card's live region does not repeat it.
    expect(within(card('Back up or restore the database')).getByRole('status')).not.toHaveTextContent(MESSAGES.admin.invalidBackupInput);
    expect(calls).toHaveLength(0);
  });

  it.each([[''], ['   '], [null]])('an empty or cancelled answer (%j) does nothing', async (answer) => {
    const calls = stubFetch(notFound);
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run backup or restore' }));
    await answerPrompt(user, ADMIN_TEXT.backupPrompt, answer);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Run backup or restore' })).toHaveFocus(); // back where the admin was
    expect(alertTexts()).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['BACKUP', '/api/admin/backup'],
    ['Restore', '/api/admin/restore'],
  ])('%s (any case) runs GET %s and alerts the server message', async (word, path) => {
    const calls = stubFetch(() => jsonResponse({ success: true, message: `${word} done.`, file: 'cloud9-1.dump', output: 'pg: ok', jobId: '3' }));
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run backup or restore' }));
    await answerPrompt(user, ADMIN_TEXT.backupPrompt, word);
    await waitFor(() => expect(alertTexts()).toContain(`${word} done.`));
    expect(calls.map((c) => c.url)).toEqual([path]);
    expect(statusOf('Back up or restore the database')).toHaveTextContent(`${word} done.`);
  });

  it("server errors alert 'Operation failed: …'; a network failure alerts 'Could not contact the admin service.'", async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse({ success: false, error: 'No backup to restore.', statusCode: 404 }, 404);
    stubFetch(() => answer());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run backup or restore' }));
    await answerPrompt(user, ADMIN_TEXT.backupPrompt, 'restore');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.operationFailed('No backup to restore.')));
    answer = networkDown;
    await user.click(screen.getByRole('button', { name: 'Run backup or restore' }));
    await answerPrompt(user, ADMIN_TEXT.backupPrompt, 'backup');
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.couldNotContactAdmin));
  });
});

describe('Admin tools: long jobs', () => {
  afterEach(() => vi.useRealTimers());

  it('a 202 answer polls the job every second, shows its progress, then alerts the result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const statuses = [
      { state: 'active', progress: 40, result: null, error: null },
      { state: 'completed', progress: 100, result: { followersAdded: 3, followingsAdded: 1 }, error: null },
    ];
    const calls = stubFetch((url) => {
      if (url === '/api/admin/sync-follow-tables') return jsonResponse({ success: false, pending: true, jobId: '9', queue: 'admin', message: 'Still running.' }, 202);
      return jsonResponse({ jobId: '9', queue: 'admin', name: 'sync-follow-tables', ...statuses.shift() });
    });
    renderPanel();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Sync follow tables' }));
    await answerConfirm(user, ADMIN_TEXT.syncConfirm, 'Sync now');

    const status = statusOf('Sync follow tables');
    const bar = await within(status).findByRole('progressbar', { name: 'Syncing follow tables...' });
    expect(bar).not.toHaveAttribute('value'); // indeterminate until the job reports progress
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(within(status).getByRole('progressbar')).toHaveAttribute('value', '40'));
    expect(status).toHaveTextContent('40%');

    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(alertTexts()).toContain(ADMIN_TEXT.syncDone(3, 1)));
    expect(within(status).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(status).toHaveTextContent(ADMIN_TEXT.syncDone(3, 1));
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/sync-follow-tables', '/api/admin/jobs/admin/9', '/api/admin/jobs/admin/9']);
  });

  it('a polled restore job’s own result becomes the endpoint’s message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch((url) =>
      url === '/api/admin/restore'
        ? jsonResponse({ success: false, pending: true, jobId: '8', queue: 'admin', message: MESSAGES.admin.jobPending }, 202)
        : jsonResponse({ jobId: '8', queue: 'admin', name: 'db-restore', state: 'completed', progress: 100, result: { file: 'cloud9-1.dump', output: 'Swapped in 4 ms.', migrations: ['AddThing1'] }, error: null }),
    );
    renderPanel();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Run backup or restore' }));
    await answerPrompt(user, ADMIN_TEXT.backupPrompt, 'restore');
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.restored('cloud9-1.dump')));
    const status = within(statusOf('Back up or restore the database'));
    expect(status.getByText('Migrations applied').nextElementSibling).toHaveTextContent('AddThing1');
    expect(status.getByText('Report').nextElementSibling).toHaveTextContent('Swapped in 4 ms.');
  });

  it('a polled job that fails alerts the tool’s failure message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch((url) =>
      url === '/api/admin/app-backup'
        ? jsonResponse({ success: false, pending: true, jobId: '4', queue: 'admin', message: 'Still running.' }, 202)
        : jsonResponse({ jobId: '4', queue: 'admin', name: 'app-backup', state: 'failed', progress: 10, result: null, error: 'disk full' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Run app backup' }));
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.backupFailed));
  });

  it('the boost queue’s 202 ({success:false, jobId}) is polled on the boosts queue', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch((url) =>
      url === '/api/boost/rotate'
        ? jsonResponse({ success: false, jobId: '77' }, 202)
        : jsonResponse({ jobId: '77', queue: 'boosts', name: 'rotate', state: 'completed', progress: 100, result: { expired: 2, activated: 1 }, error: null }),
    );
    renderPanel();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Process boost queue' }));
    await answerConfirm(user, ADMIN_TEXT.boostQueueConfirm, 'Process now');
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(alertTexts()).toContain('Boost queue processed.'));
    expect(calls[1].url).toBe('/api/admin/jobs/boosts/77');
    const counts = within(statusOf('Process the boost queue'));
    expect(counts.getByText('Boosts ended').nextElementSibling).toHaveTextContent('2');
    expect(counts.getByText('Requests approved').nextElementSibling).toHaveTextContent('1');
  });
});

describe('Admin tools: sync follow tables', () => {
  it('asks for confirmation first; declining sends nothing', async () => {
    const calls = stubFetch(notFound);
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync follow tables' }));
    // An in-app alertdialog that starts on its safe button.
    const question = await screen.findByRole('alertdialog', { name: ADMIN_TEXT.syncConfirm });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await answerConfirm(user, ADMIN_TEXT.syncConfirm, 'Cancel');
    expect(calls).toHaveLength(0);
    expect(alertTexts()).toEqual([]);
  });

  it('confirmed: POSTs and alerts the corrected counts; failures say "Sync failed" or the sync service message', async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse({ success: true, followersAdded: 0, followingsAdded: 2, jobId: '1' });
    const calls = stubFetch(() => answer());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Sync follow tables' });
    const sync = async () => {
      await user.click(button);
      await answerConfirm(user, ADMIN_TEXT.syncConfirm, 'Sync now');
    };
    await sync();
    await waitFor(() => expect(alertTexts()).toContain(ADMIN_TEXT.syncDone(0, 2)));
    expect(calls[0]).toMatchObject({ url: '/api/admin/sync-follow-tables', init: { method: 'POST' } });

    answer = () => jsonResponse({ success: false, error: 'boom', statusCode: 500 }, 500);
    await sync();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.syncFailed));
    answer = networkDown;
    await sync();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.couldNotContactSync));
  });
});

describe('Admin tools: delete a user', () => {
  it('asks for the id, then a permanent confirmation, and only then DELETEs', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true }));
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete a user by id' }));
    await answerPrompt(user, ADMIN_TEXT.deleteUserPrompt, '42');
    expect(calls).toHaveLength(0);
    await answerConfirm(user, 'Are you sure you want to permanently delete user 42? This cannot be undone.', 'Delete user');
    await waitFor(() => expect(alertTexts()).toContain(ADMIN_TEXT.userDeleted(42)));
    expect(calls).toEqual([expect.objectContaining({ url: '/api/users/42', init: expect.objectContaining({ method: 'DELETE' }) })]);
  });

  it('declining the confirmation sends nothing', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true }));
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete a user by id' }));
    await answerPrompt(user, ADMIN_TEXT.deleteUserPrompt, '42');
    await answerConfirm(user, ADMIN_TEXT.deleteUserConfirm(42), 'Cancel');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
    expect(alertTexts()).toEqual([]);
  });

  it('an empty or cancelled id asks nothing more; a bad id is refused; one’s own id is refused', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true }));
    renderPanel();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Delete a user by id' });
    const ask = async (answer: string | null) => {
      await user.click(button);
      await answerPrompt(user, ADMIN_TEXT.deleteUserPrompt, answer);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await ask('');
    await ask(null);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(alertTexts()).toEqual([]);
    await ask('abc');
    await waitFor(() => expect(lastAlert()).toBe(ADMIN_TEXT.invalidId));
    await ask('1');
    await waitFor(() => expect(lastAlert()).toBe(ADMIN_TEXT.deleteSelf));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("failures: 'Failed: {error}' from the server, 'Could not contact the delete service.' without it", async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse({ success: false, error: 'User not found.', statusCode: 404 }, 404);
    stubFetch(() => answer());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const user = userEvent.setup();
    const deleteFive = async () => {
      await user.click(screen.getByRole('button', { name: 'Delete a user by id' }));
      await answerPrompt(user, ADMIN_TEXT.deleteUserPrompt, '5');
      await answerConfirm(user, ADMIN_TEXT.deleteUserConfirm(5), 'Delete user');
    };
    await deleteFive();
    await waitFor(() => expect(alertTexts()).toContain('Failed: User not found.'));
    answer = networkDown;
    await deleteFive();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.couldNotContactDelete));
  });
});

describe('Admin tools: find a user', () => {
  it('shows id, username, email, name, group and created; a 404 says "User not found."', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/bob')
        ? jsonResponse({ success: true, user: { id: 12, username: 'bob', email: 'bob@example.com', name: 'Bob Sky', group_id: 6, createdAt: '2025-03-04T05:06:07.000Z' } })
        : jsonResponse({ success: false, error: 'User not found.', statusCode: 404 }, 404),
    );
    renderPanel();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Username to find');
    await user.type(input, 'bob{Enter}');
    const status = statusOf('Find a user');
    await within(status).findByText(ADMIN_TEXT.userFound('bob'));
    // Not an alert: the card's own live region says it.
    expect(within(card('Find a user')).getByRole('status')).toHaveTextContent(ADMIN_TEXT.userFound('bob'));
    for (const [term, value] of [['Id', '12'], ['Username', 'bob'], ['Email', 'bob@example.com'], ['Name', 'Bob Sky'], ['Group', '6 · Silver']]) {
      expect(within(status).getByText(term).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(status).getByText('Created').nextElementSibling).toHaveTextContent('2025');
    expect(calls[0].url).toBe('/api/admin/user/bob');
    expect(alertTexts()).toEqual([]);

    await user.clear(input);
    await user.type(input, 'ghost');
    await user.click(screen.getByRole('button', { name: 'Find user' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.userNotFound));
    expect(status).toHaveTextContent(MESSAGES.admin.userNotFound);
  });

  it("a network failure says 'Could not contact the search service.'", async () => {
    stubFetch(networkDown);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username to find'), 'bob{Enter}');
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.couldNotContactSearch));
  });
});

describe('Admin tools: boosts', () => {
  it('admin boost asks for a post id and POSTs /api/posts/:id/boost', async () => {
    const calls = stubFetch(() => jsonResponse({ success: true }));
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Boost a post by id' }));
    await answerPrompt(user, ADMIN_TEXT.boostPrompt, null);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Boost a post by id' }));
    await answerPrompt(user, ADMIN_TEXT.boostPrompt, '31');
    await waitFor(() => expect(alertTexts()).toContain(ADMIN_TEXT.postBoosted(31)));
    expect(calls[0]).toMatchObject({ url: '/api/posts/31/boost', init: { method: 'POST' } });
  });

  it("admin boost failures: 'Failed: {error}' and 'Could not contact the manual boost service.'", async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse({ success: false, error: 'Post not found.', statusCode: 404 }, 404);
    stubFetch(() => answer());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const user = userEvent.setup();
    const boost = async () => {
      await user.click(screen.getByRole('button', { name: 'Boost a post by id' }));
      await answerPrompt(user, ADMIN_TEXT.boostPrompt, '31');
    };
    await boost();
    await waitFor(() => expect(alertTexts()).toContain('Failed: Post not found.'));
    answer = networkDown;
    await boost();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.couldNotContactBoost));
  });

  it('process boost queue: confirms, alerts the server message, and maps each failure to its message', async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse({ success: true, message: 'Boost queue processed.', jobId: '1', expired: 0, activated: 2 });
    const calls = stubFetch(() => answer());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Process boost queue' });

    const process = async (answerWith = 'Process now') => {
      await user.click(button);
      await answerConfirm(user, ADMIN_TEXT.boostQueueConfirm, answerWith);
    };
    await process('Cancel');
    expect(calls).toHaveLength(0);

    await process();
    await waitFor(() => expect(alertTexts()).toContain('Boost queue processed.'));
    expect(calls[0]).toMatchObject({ url: '/api/boost/rotate', init: { method: 'PATCH' } });

    answer = () => jsonResponse({ ok: 1 });
    await process();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.unexpectedResponse));
    answer = () => jsonResponse({ success: false, error: 'Redis is away', statusCode: 503 }, 503);
    await process();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.boostQueueFailed));
    answer = networkDown;
    await process();
    await waitFor(() => expect(lastAlert()).toBe(MESSAGES.admin.boostQueueNetwork));
  });
});

describe('Admin tools: app backup and orphaned uploads', () => {
  it('app backup alerts the server message and shows the archive’s name, size and file count as fields', async () => {
    stubFetch(() => jsonResponse({ success: true, message: 'App backup created.', file: 'cloud9-app-1.tar.gz', bytes: 3 * 1024 * 1024, files: 12, jobId: '2' }));
    renderPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run app backup' }));
    await waitFor(() => expect(alertTexts()).toContain('App backup created.'));
    const status = within(statusOf('Run an app backup'));
    expect(status.getByText('File').nextElementSibling).toHaveTextContent('cloud9-app-1.tar.gz');
    expect(status.getByText('Size').nextElementSibling).toHaveTextContent('3 MB');
    expect(status.getByText('Uploaded files archived').nextElementSibling).toHaveTextContent('12');
  });

  it('lists the count and names, then deletes them after a confirmation', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/delete') ? jsonResponse({ success: true, deleted: 2, jobId: '6' }) : jsonResponse({ total: 2, orphaned: ['a.png', 'b.mp4'], jobId: '5' }),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check orphaned uploads' }));
    const tool = card('Orphaned uploads');
    await within(tool).findByText(ADMIN_TEXT.orphansFound(2));
    const list = within(tool).getByRole('region', { name: 'Orphaned files' });
    expect(list).toHaveAttribute('tabindex', '0'); // it scrolls in its own box, by keyboard too
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a.png', 'b.mp4']);
    expect(alertTexts()).toEqual([]);

    await user.click(within(tool).getByRole('button', { name: 'Delete orphaned files' }));
    await answerConfirm(user, ADMIN_TEXT.orphansDeleteConfirm(2), 'Cancel');
    expect(calls).toHaveLength(1);
    await user.click(within(tool).getByRole('button', { name: 'Delete orphaned files' }));
    await answerConfirm(user, ADMIN_TEXT.orphansDeleteConfirm(2), 'Delete files');
    await waitFor(() => expect(alertTexts()).toContain(ADMIN_TEXT.orphansDeleted(2)));
    expect(calls[1]).toMatchObject({ url: '/api/admin/orphaned-uploads/delete', init: { method: 'POST' } });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ names: ['a.png', 'b.mp4'] });
    expect(within(tool).queryByRole('region', { name: 'Orphaned files' })).not.toBeInTheDocument();
  });

  it("a failed check alerts 'Failed to check uploads.'", async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'nope', statusCode: 500 }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check orphaned uploads' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.admin.checkUploadsFailed));
  });
});
