import { useId } from 'react';
import { EMOJI_STYLES, isEmojiStyle, type EmojiStyleName, type EmojiSuggestionModeName } from '@cloud9/contracts';
import { EMOJI_REACTIONS } from '../../components/emoji/emojiConfig';
import { emojiFromUnified, emojiImageUrl } from '../../components/emoji/emojiImages';
import { useEmojiSettings } from '../../components/emoji/emojiSettings';
import { usePublicConfig } from '../../queries/config';

const STYLE_LABELS: Record<EmojiStyleName, string> = {
  native: 'Native (your device)',
  apple: 'Apple',
  twitter: 'Twitter',
  google: 'Google',
  facebook: 'Facebook',
};

const MODES: { mode: EmojiSuggestionModeName; label: string }[] = [
  { mode: 'recent', label: 'Recently used' },
  { mode: 'frequent', label: 'Frequently used' },
];

/** The emoji picker's style and suggestion mode, with the quick reactions drawn in the chosen style. */
export function EmojiSettingsForm() {
  const [settings, update] = useEmojiSettings();
  const { emojiCdnUrl } = usePublicConfig();
  const styleId = useId();
  const style = settings.style;

  return (
    <>
      <p className="hint">How emoji look in the picker, and which ones it suggests first.</p>
      <div className="field">
        <label htmlFor={styleId}>Emoji style</label>
        <select id={styleId} value={style} onChange={(e) => isEmojiStyle(e.target.value) && update({ style: e.target.value })}>
          {EMOJI_STYLES.map((s) => (
            <option key={s} value={s}>
              {STYLE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <p className="settings-emoji-preview" data-testid="emoji-style-preview">
        {EMOJI_REACTIONS.map((code) =>
          style === 'native' || !emojiCdnUrl ? (
            <span key={code}>{emojiFromUnified(code)}</span>
          ) : (
            <img key={code} src={emojiImageUrl(emojiCdnUrl, style, code)} alt={emojiFromUnified(code)} width={24} height={24} />
          ),
        )}
      </p>
      <fieldset className="settings-emoji-modes">
        <legend>Suggested emoji</legend>
        {MODES.map(({ mode, label }) => (
          <label key={mode}>
            <input type="radio" name="emoji-suggestion-mode" checked={settings.suggestionMode === mode} onChange={() => update({ suggestionMode: mode })} />
            {label}
          </label>
        ))}
      </fieldset>
    </>
  );
}
