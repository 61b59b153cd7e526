import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { ExportSection } from './ExportSection';
import { SessionsSection } from './SessionsSection';
import { alertTexts, answerConfirm, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const T = MESSAGES.accountData;
const session = (id: string, device: string, current: boolean) => ({ id, device, current, place: '203.0.113.0/24', createdAt: '2026-03-04T10:00:00.000Z', lastSeenAt: '2026-03-05T10:00:00.000Z' });

describe('account data sections', () => {
  beforeEach(() => setSession(testUser()));

  it('lists the sessions (this device marked, no button of its own) and signs another one out by its id', async () => {
    let items = [session('cur', 'Firefox on Windows', true), session('phone1', 'Chrome on Android', false)];
    const calls = stubFetch((url, init) => {
      if (init.method === 'DELETE') {
        items = items.filter((s) => s.id !== 'phone1');
        return jsonResponse({ ended: 1 });
      }
      return jsonResponse({ items });
    });
    const user = userEvent.setup();
    renderAt(<SessionsSection />, '/settings');
    const list = await screen.findByRole('list', { name: T.sessionsTitle });
    expect(within(list).getByText(T.thisDevice, { exact: false })).toBeInTheDocument();
    expect(within(list).getAllByText(T.near('203.0.113.0/24'), { exact: false })).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: T.endSessionLabel('Firefox on Windows') })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: T.endSessionLabel('Chrome on Android') }));
    await waitFor(() => expect(alertTexts()).toContain(T.sessionEnded));
    expect(calls.find((c) => c.init.method === 'DELETE')?.url).toBe('/api/me/sessions/phone1');
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
  });

  it('signs out everywhere else after a confirmation', async () => {
    const calls = stubFetch((url, init) => (init.method === 'DELETE' ? jsonResponse({ ended: 1 }) : jsonResponse({ items: [session('cur', 'Safari on macOS', true), session('old', 'Chrome on Android', false)] })));
    const user = userEvent.setup();
    renderAt(<SessionsSection />, '/settings');
    await user.click(await screen.findByRole('button', { name: T.endOtherSessions }));
    await answerConfirm(user, T.confirmEndOtherSessions, T.endOtherSessions);
    await waitFor(() => expect(alertTexts()).toContain(T.otherSessionsEnded(1)));
    expect(calls.find((c) => c.init.method === 'DELETE')?.url).toBe('/api/me/sessions');
  });

  it('asks for an export, then offers its download once ready (and no new request within the 7 days)', async () => {
    const requested = '2026-03-04T10:00:00.000Z';
    const expires = new Date(Date.now() + 6 * 24 * 3600_000).toISOString();
    let items: object[] = [];
    const calls = stubFetch((url, init) => {
      if (init.method === 'POST') {
        items = [{ id: 41, status: 'ready', requestedAt: requested, readyAt: requested, expiresAt: expires, bytes: 1234 }];
        return jsonResponse({ id: 41, status: 'pending', requestedAt: requested, readyAt: null, expiresAt: expires, bytes: null }, 202);
      }
      return jsonResponse({ items, nextAllowedAt: items.length ? expires : new Date(0).toISOString() });
    });
    const user = userEvent.setup();
    renderAt(<ExportSection />, '/settings');
    await user.click(await screen.findByRole('button', { name: T.requestExport }));
    await waitFor(() => expect(alertTexts()).toContain(T.exportRequested));
    expect(calls.find((c) => c.init.method === 'POST')?.url).toBe('/api/me/export');
    const link = await screen.findByRole('link', { name: T.downloadExport });
    expect(link).toHaveAttribute('href', '/api/me/exports/41');
    expect(screen.getByText(T.exportReady(expires))).toBeInTheDocument();
    expect(screen.getByText(T.exportTooSoon(expires))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.requestExport })).not.toBeInTheDocument();
  });
});
