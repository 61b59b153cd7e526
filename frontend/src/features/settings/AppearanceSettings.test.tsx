import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cloud9/contracts';
import { useThemeStore } from '../../stores/theme';
import { useToastStore } from '../../stores/toast';
import { AppearanceSettings } from './AppearanceSettings';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

describe('Settings → Appearance', () => {
  beforeEach(() => {
    setSession(testUser());
    useThemeStore.setState({ theme: 'system' });
    delete document.documentElement.dataset.theme;
  });

  it('offers System, Light and Dark, System first and chosen; a choice is drawn at once and saved on the account', async () => {
    const calls = stubFetch((_url, init) => jsonResponse(JSON.parse(String(init.body))));
    const user = userEvent.setup();
    renderAt(<AppearanceSettings />);
    const group = screen.getByRole('group', { name: MESSAGES.theme.legend });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['system', 'light', 'dark']);
    expect(within(group).getByRole('radio', { name: /System/ })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(calls.map((c) => [c.url, c.init.method, c.init.body])).toEqual([['/api/me/theme', 'PUT', JSON.stringify({ theme: 'dark' })]]));
  });

  it('says so when the account could not keep the choice, which stays on this device', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'The service is temporarily unavailable.', statusCode: 503 }, 503));
    const user = userEvent.setup();
    renderAt(<AppearanceSettings />);
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(MESSAGES.theme.saveFailed));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
  });
});
