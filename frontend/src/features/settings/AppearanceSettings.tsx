import { THEMES, THEME_MESSAGES as M, type Theme } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { chooseTheme, useThemeStore } from '../../stores/theme';

const LABELS: Record<Theme, string> = { system: M.system, light: M.light, dark: M.dark };

/** System / Light / Dark: drawn at once, kept on the account (it follows the member to other browsers). */
export function AppearanceSettings() {
  const theme = useThemeStore((s) => s.theme);

  const choose = (next: Theme) => {
    chooseTheme(next).catch(() => notify(M.saveFailed, 'error'));
  };

  return (
    <>
      <p className="hint">{M.intro}</p>
      <fieldset className="settings-emoji-modes settings-theme">
        <legend>{M.legend}</legend>
        {THEMES.map((value) => (
          <label key={value}>
            <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => choose(value)} />
            {LABELS[value]}
            {value === 'system' && <span className="hint settings-theme-hint">({M.systemHint})</span>}
          </label>
        ))}
      </fieldset>
    </>
  );
}
