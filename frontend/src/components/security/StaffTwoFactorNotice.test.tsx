import { act, cleanup, screen } from '@testing-library/react';
import { GroupId, TWO_FACTOR_MESSAGES as M, type PublicConfig } from '@cloud9/contracts';
import { publicConfigQuery } from '../../queries/config';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';
import { StaffTwoFactorNotice } from './StaffTwoFactorNotice';

const CONFIG: PublicConfig = { supportEmail: 'help@cloud9.test', donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://www.paypal.com/sdk/js', gifsEnabled: false, emojiCdnUrl: '', staffTwoFactorRequired: true };

async function renderWith(groupId: number, config: PublicConfig, totp: boolean) {
  const me = testUser({ group_id: groupId });
  setSession(me);
  const calls = stubFetch((url) => (url === '/api/me' ? jsonResponse({ ...me, twoFactor: { totp } }) : jsonResponse({}, 404)));
  const { queryClient } = renderAt(<StaffTwoFactorNotice />, '/moderation');
  await act(() => {
    queryClient.setQueryData(publicConfigQuery.queryKey, config);
  });
  return calls;
}

describe('StaffTwoFactorNotice', () => {
  it('leads staff without two-factor to Settings when the server requires it', async () => {
    await renderWith(GroupId.Staff2, CONFIG, false);
    expect(await screen.findByText(M.staffRequired, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.turnOn })).toHaveAttribute('href', '/settings#settings-two-factor');
  });

  it('says nothing to staff with two-factor on, and asks nothing of members or when not required', async () => {
    const withTotp = await renderWith(GroupId.Admin, CONFIG, true);
    await screen.findByTestId('location');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(withTotp.map((c) => c.url)).toEqual(['/api/me']);
    expect(screen.queryByText(M.staffRequired, { exact: false })).toBeNull();

    for (const [groupId, config] of [[GroupId.Basic, CONFIG], [GroupId.Staff2, { ...CONFIG, staffTwoFactorRequired: false }]] as const) {
      cleanup();
      const calls = await renderWith(groupId, config, false);
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(calls).toEqual([]);
      expect(screen.queryByText(M.staffRequired, { exact: false })).toBeNull();
    }
  });
});
