import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PUSH_UI_MESSAGES, PUSH_TYPES, type NotificationSettings } from '@cloud9/contracts';
import { SettingsPage } from './SettingsPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';

const ALL_ON: NotificationSettings = { like: true, reply: true, repost: true, follow: true, mention: true, push: { like: true, reply: true, repost: true, follow: true, mention: true, notice: true } };

const block = async () => within(await screen.findByRole('region', { name: 'Notifications' }));

describe('Settings: notifications', () => {
  beforeEach(() => setSession(testUser()));

  it('shows five labelled switches with the server settings, and the six push switches (on unless the server says)', async () => {
    stubFetch((url) => (url === '/api/notifications/settings' ? jsonResponse({ ...ALL_ON, repost: false }) : jsonResponse({}, 404)));
    renderAt(<SettingsPage />, '/settings');
    const section = await block();
    const switches = await section.findAllByRole('switch');
    expect(switches.slice(0, 5).map((s) => (s as HTMLInputElement).checked)).toEqual([true, true, false, true, true]);
    for (const label of ['Likes', 'Replies', 'Reposts', 'Follows', 'Mentions']) expect(section.getByRole('switch', { name: label })).toBeInTheDocument();
    const push = within(section.getByRole('group', { name: PUSH_UI_MESSAGES.pushLegend })).getAllByRole('switch');
    expect(push.map((s) => [s.getAttribute('aria-label') ?? s.closest('label')?.textContent, (s as HTMLInputElement).checked])).toEqual(
      PUSH_TYPES.map((type) => [PUSH_UI_MESSAGES.pushLabels[type], true]),
    );
  });

  it('a push switch saves as {push: {type}} and keeps the others as they were', async () => {
    let saved: NotificationSettings = { ...ALL_ON, push: { like: true, reply: false, repost: true, follow: true, mention: true, notice: true } };
    const calls = stubFetch((url, init) => {
      if (url === '/api/notifications/settings' && init.method === 'PUT') {
        const change = JSON.parse(String(init.body)) as { push: Partial<NonNullable<NotificationSettings['push']>> };
        saved = { ...saved, push: { ...saved.push!, ...change.push } };
        return jsonResponse(saved);
      }
      if (url === '/api/notifications/settings') return jsonResponse(saved);
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const section = await block();
    const notices = await section.findByRole('switch', { name: PUSH_UI_MESSAGES.pushLabels.notice });
    await user.click(notices);
    expect(notices).not.toBeChecked();
    expect(section.getByRole('switch', { name: PUSH_UI_MESSAGES.pushLabels.reply })).not.toBeChecked();
    await waitFor(() => expect(calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)))).toEqual([{ push: { notice: false } }]));
    await waitFor(() => expect(saved.push?.notice).toBe(false));
    expect(section.getByRole('switch', { name: PUSH_UI_MESSAGES.pushLabels.reply })).not.toBeChecked();
    expect(section.getByRole('switch', { name: 'Likes' })).toBeChecked();
  });

  it('a flip shows at once and sends only that switch; the server answer stays', async () => {
    let saved = { ...ALL_ON };
    let release: () => void = () => undefined;
    const calls = stubFetch(async (url, init) => {
      if (url === '/api/notifications/settings' && init.method === 'PUT') {
        await new Promise<void>((resolve) => (release = resolve));
        saved = { ...saved, ...(JSON.parse(String(init.body)) as Partial<NotificationSettings>) };
        return jsonResponse(saved);
      }
      if (url === '/api/notifications/settings') return jsonResponse(saved);
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const likes = await (await block()).findByRole('switch', { name: 'Likes' });
    await user.click(likes);
    expect(likes).not.toBeChecked();
    await waitFor(() => expect(calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)))).toEqual([{ like: false }]));
    release();
    await waitFor(() => expect(saved.like).toBe(false));
    expect(likes).not.toBeChecked();
  });

  it('a failed save puts the switch back and says so', async () => {
    stubFetch((url, init) => {
      if (url === '/api/notifications/settings' && init.method === 'PUT') return jsonResponse({ success: false, error: 'nope', statusCode: 500 }, 500);
      if (url === '/api/notifications/settings') return jsonResponse(ALL_ON);
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const follows = await (await block()).findByRole('switch', { name: 'Follows' });
    await user.click(follows);
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.notificationSettings.saveFailed));
    expect(follows).toBeChecked();
  });

  it('says when the settings cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'down', statusCode: 503 }, 503));
    renderAt(<SettingsPage />, '/settings');
    expect(await (await block()).findByText(MESSAGES.notificationSettings.loadFailed)).toBeInTheDocument();
  });
});
