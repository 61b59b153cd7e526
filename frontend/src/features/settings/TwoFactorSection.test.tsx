import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupId, TWO_FACTOR_MESSAGES as M } from '@cloud9/contracts';
import { clearPublicConfigCache } from '../../api/config';
import { SettingsPage } from './SettingsPage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const block = async () => within(await screen.findByRole('region', { name: M.title }));
const CONFIG = { supportEmail: 'help@cloud9.test', donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://www.paypal.com/sdk/js', gifsEnabled: false, emojiCdnUrl: '' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('Settings: two-factor', () => {
  beforeEach(() => clearPublicConfigCache());

  it('sets up an authenticator app: QR code and key, a code turns it on, the recovery codes show once', async () => {
    const me = testUser();
    setSession(me);
    let on = false;
    const calls = stubFetch((url, init) => {
      if (url === '/api/me') return jsonResponse({ ...me, twoFactor: { totp: on } });
      if (url === '/api/me/2fa/totp/setup') return jsonResponse({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
      if (url === '/api/me/2fa/totp/enable') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== '123456') return jsonResponse({ success: false, error: M.wrongCode, statusCode: 403 }, 403);
        on = true;
        return jsonResponse({ recoveryCodes: CODES });
      }
      if (url === '/api/config') return jsonResponse(CONFIG);
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const section = await block();
    expect(await section.findByText(M.isOff)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: M.turnOn }));
    expect(await section.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(section.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.type(section.getByLabelText(M.codeLabel), '000000');
    await user.click(section.getByRole('button', { name: M.enable }));
    expect(await section.findByRole('alert')).toHaveTextContent(M.wrongCode);
    await user.clear(section.getByLabelText(M.codeLabel));
    await user.type(section.getByLabelText(M.codeLabel), '123456');
    await user.click(section.getByRole('button', { name: M.enable }));
    const list = await section.findByRole('list', { name: M.recoveryCodesTitle });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    await user.click(section.getByRole('button', { name: M.recoveryCodesSaved }));
    expect(await section.findByText(M.isOn)).toBeInTheDocument();
    expect(section.queryByText(CODES[0])).toBeNull();
    expect(calls.filter((c) => c.url === '/api/me/2fa/totp/enable').map((c) => JSON.parse(String(c.init.body)))).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('turns it off with the password and a code', async () => {
    const me = testUser();
    setSession(me);
    let on = true;
    const calls = stubFetch((url, init) => {
      if (url === '/api/me') return jsonResponse({ ...me, twoFactor: { totp: on } });
      if (url === '/api/me/2fa/totp' && init.method === 'DELETE') {
        on = false;
        return jsonResponse({ success: true });
      }
      if (url === '/api/config') return jsonResponse(CONFIG);
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    renderAt(<SettingsPage />, '/settings');
    const section = await block();
    await user.click(await section.findByRole('button', { name: M.turnOff }));
    await user.type(section.getByLabelText(M.passwordLabel), 'my-password');
    await user.type(section.getByLabelText(M.codeLabel), '654321');
    await user.click(section.getByRole('button', { name: M.turnOffConfirm }));
    expect(await section.findByText(M.isOff)).toBeInTheDocument();
    const sent = calls.filter((c) => c.init.method === 'DELETE').map((c) => JSON.parse(String(c.init.body)));
    expect(sent).toEqual([{ password: 'my-password', code: '654321' }]);
  });

  it('tells staff their role needs it when the server requires it, and only then', async () => {
    const me = testUser({ group_id: GroupId.Staff2 });
    setSession(me);
    let required = true;
    stubFetch((url) => {
      if (url === '/api/me') return jsonResponse({ ...me, twoFactor: { totp: false } });
      if (url === '/api/config') return jsonResponse({ ...CONFIG, staffTwoFactorRequired: required });
      return jsonResponse({}, 404);
    });
    const first = renderAt(<SettingsPage />, '/settings');
    expect(await (await block()).findByText(M.staffSetUpPrompt)).toBeInTheDocument();
    first.unmount();
    clearPublicConfigCache();
    required = false;
    setSession(me);
    renderAt(<SettingsPage />, '/settings');
    const section = await block();
    await section.findByText(M.isOff);
    await waitFor(() => expect(section.queryByText(M.staffSetUpPrompt)).toBeNull());
  });
});
