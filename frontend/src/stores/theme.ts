import { create } from 'zustand';
import { STORAGE_KEYS, THEME_COLORS, isTheme, type Theme } from '@cloud9/contracts';
import { saveTheme } from '../api/theme';
import { persisted } from '../lib/persisted';

/**
 * The colour theme: the member's choice (system, light or dark) as `<html data-theme>`, which the
 * tokens of styles/theme.css follow, and as the browser chrome's colour. index.html's first script
 * draws the stored choice before the first paint (contracts THEME_BOOT_SCRIPT); storage is the one
 * source afterwards: a choice here, the account's (stores/sessionSync.ts stores GET /api/me's), another
 * tab's. The signed-in shell starts the sync (startThemeSync), so none of this is in the first load.
 */
interface ThemeState {
  theme: Theme;
}

const stored = (): Theme => {
  const value = persisted.theme.get();
  return isTheme(value) ? value : 'system';
};

export const useThemeStore = create<ThemeState>()(() => ({ theme: stored() }));

/**
 * Draws `theme`: the attribute, and both theme-color metas (each keeps its media query; a fixed
 * choice gives them both its colour, `system` gives each the colour of the scheme it matches).
 */
function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const scheme = theme === 'system' ? (meta.media.includes('dark') ? 'dark' : 'light') : theme;
    meta.content = THEME_COLORS[scheme];
  }
}

function sync(): void {
  const theme = stored();
  applyTheme(theme);
  if (useThemeStore.getState().theme !== theme) useThemeStore.setState({ theme });
}

/**
 * Draws the stored theme now (the account's may have been stored since the first paint) and again
 * whenever it changes, in this tab or another. Returns the stop.
 */
export function startThemeSync(): () => void {
  sync();
  const stopHere = persisted.theme.subscribe(sync);
  const otherTab = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.theme) sync();
  };
  window.addEventListener('storage', otherTab);
  return () => {
    stopHere();
    window.removeEventListener('storage', otherTab);
  };
}

/** The member's choice in Settings: kept here (and so drawn at once) and saved on the account, which may fail: the choice stays here. */
export function chooseTheme(theme: Theme): Promise<unknown> {
  persisted.theme.set(theme);
  sync();
  return saveTheme(theme);
}
