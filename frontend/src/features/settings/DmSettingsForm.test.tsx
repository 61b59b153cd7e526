import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DM_MESSAGES as M } from '@cloud9/contracts';
import { alertTexts, jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { DmSettingsForm } from './DmSettingsForm';

const puts = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter((c) => c.url === '/api/me/dm-settings' && c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)) as unknown);

describe('the Direct messages settings block', () => {
  beforeEach(() => setSession(testUser()));

  it('shows the saved choices and saves every field at once as one changes', async () => {
    let saved = { allowFrom: 'following', readReceipts: true, hidePushText: false };
    const calls = stubFetch((_url, init) => {
      if (init.method === 'PUT') saved = JSON.parse(String(init.body)) as typeof saved;
      return jsonResponse(saved);
    });
    const user = userEvent.setup();
    renderAt(<DmSettingsForm />);
    const group = await screen.findByRole('group', { name: M.allowFromLabel });
    expect(screen.getByRole('radio', { name: M.allowFromChoices.following })).toBeChecked();
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: M.readReceiptsLabel })).toBeChecked();
    expect(screen.getByRole('switch', { name: M.hidePushTextLabel })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: M.allowFromChoices.nobody }));
    await waitFor(() => expect(puts(calls)).toEqual([{ allowFrom: 'nobody', readReceipts: true, hidePushText: false }]));
    expect(screen.getByRole('radio', { name: M.allowFromChoices.nobody })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: M.readReceiptsLabel }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ allowFrom: 'nobody', readReceipts: false, hidePushText: false });
    expect(screen.getByRole('switch', { name: M.readReceiptsLabel })).not.toBeChecked();
  });

  it('puts a switch back and says so when the save fails', async () => {
    stubFetch((_url, init) =>
      init.method === 'PUT' ? jsonResponse({ error: 'nope' }, 500) : jsonResponse({ allowFrom: 'everyone', readReceipts: true, hidePushText: false }),
    );
    const user = userEvent.setup();
    renderAt(<DmSettingsForm />);
    await user.click(await screen.findByRole('switch', { name: M.hidePushTextLabel }));
    await waitFor(() => expect(alertTexts()).toContain(M.settingsSaveFailed));
    expect(screen.getByRole('switch', { name: M.hidePushTextLabel })).not.toBeChecked();
  });
});
