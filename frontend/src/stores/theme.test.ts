import { THEME_COLORS } from '@cloud9/contracts';
import { refreshSession } from './sessionSync';
import { chooseTheme, startThemeSync, useThemeStore } from './theme';
import { jsonResponse, setSession, stubFetch, testUser } from '../test/utils';

/** The two theme-color metas of index.html (the system's day and night colours). */
function addMetas() {
  document.head.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.remove());
  for (const [scheme, color] of [
    ['light', THEME_COLORS.light],
    ['dark', THEME_COLORS.dark],
  ]) {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.media = `(prefers-color-scheme: ${scheme})`;
    meta.content = color;
    document.head.append(meta);
  }
}

const drawn = () => ({
  theme: document.documentElement.dataset.theme,
  metas: Array.from(document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')).map((m) => m.content),
  store: useThemeStore.getState().theme,
});

let stop: () => void = () => undefined;
beforeEach(() => {
  addMetas();
  delete document.documentElement.dataset.theme;
});
afterEach(() => stop());

describe('the colour theme', () => {
  it('draws the stored choice when the shell starts it, and system when none or an unknown one is stored', () => {
    localStorage.setItem('theme', 'dark');
    stop = startThemeSync();
    expect(drawn()).toEqual({ theme: 'dark', metas: [THEME_COLORS.dark, THEME_COLORS.dark], store: 'dark' });
    stop();
    localStorage.setItem('theme', 'sepia');
    stop = startThemeSync();
    expect(drawn()).toEqual({ theme: 'system', metas: [THEME_COLORS.light, THEME_COLORS.dark], store: 'system' });
  });

  it('a choice is drawn at once, kept in storage as plain text and saved on the account', async () => {
    const calls = stubFetch((_url, init) => jsonResponse(JSON.parse(String(init.body))));
    stop = startThemeSync();
    await chooseTheme('light');
    expect(drawn()).toEqual({ theme: 'light', metas: [THEME_COLORS.light, THEME_COLORS.light], store: 'light' });
    expect(localStorage.getItem('theme')).toBe('light');
    expect(calls.map((c) => [c.url, c.init.method, c.init.body])).toEqual([['/api/me/theme', 'PUT', JSON.stringify({ theme: 'light' })]]);
  });

  it('a failed save keeps the choice here and rejects, so the switch can say so', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'The service is temporarily unavailable.', statusCode: 503 }, 503));
    stop = startThemeSync();
    await expect(chooseTheme('dark')).rejects.toBeTruthy();
    expect(drawn().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it("follows another tab's choice", () => {
    stop = startThemeSync();
    localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(drawn()).toMatchObject({ theme: 'dark', store: 'dark' });
  });

  it("a signed-in start takes the account's theme from GET /api/me, draws it and keeps it for the next first paint", async () => {
    localStorage.setItem('theme', 'light');
    setSession(testUser());
    stubFetch((url) => jsonResponse(url === '/api/me' ? { ...testUser(), twoFactor: { totp: false }, theme: 'dark' } : {}));
    stop = startThemeSync();
    expect(drawn().theme).toBe('light');
    await refreshSession();
    expect(drawn()).toEqual({ theme: 'dark', metas: [THEME_COLORS.dark, THEME_COLORS.dark], store: 'dark' });
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('stops drawing once stopped', () => {
    stop = startThemeSync();
    stop();
    localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(drawn().theme).toBe('system');
  });
});
