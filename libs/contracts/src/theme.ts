/**
 * The colour theme a member picks (Settings → Appearance), kept on the account (GET /api/me's `theme`,
 * PUT /api/me/theme) and in browser storage (STORAGE_KEYS.theme) for the next first paint. `system`
 * follows the device (`prefers-color-scheme`). No imports: the first load and index.html's first
 * script carry it (the route's schema is in appearance.ts).
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/** The browser chrome's colour (`<meta name="theme-color">`) in each theme: the sky's blue by day, its navy by night. */
export const THEME_COLORS = { light: '#1d6fd1', dark: '#0a1630' } as const;

/**
 * The inline script index.html runs before its first paint (the server allows exactly this text by
 * its hash in the app shell's CSP): the stored choice as `<html data-theme>`, and the browser chrome's
 * colour when the choice is not the system's. Plain ES5, no imports: it runs before anything loads.
 */
export const THEME_BOOT_SCRIPT =
  `(function(){var t;try{t=localStorage.getItem('theme')}catch(e){}` +
  `if(t!=='light'&&t!=='dark')t='system';document.documentElement.setAttribute('data-theme',t);` +
  `if(t!=='system'){var c=t==='dark'?'${THEME_COLORS.dark}':'${THEME_COLORS.light}',m=document.querySelectorAll('meta[name="theme-color"]');` +
  `for(var i=0;i<m.length;i++)m[i].setAttribute('content',c)}})()`;
