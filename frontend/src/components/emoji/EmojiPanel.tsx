import { useCallback, useMemo, useState } from 'react';
import EmojiPicker, { type Categories, type EmojiClickData, type EmojiStyleValue } from 'emoji-picker-react';
import { usePublicConfig } from '../../queries/config';
import { selectUserId, useSessionStore } from '../../stores/session';
import { useThemeStore } from '../../stores/theme';
import { emojiImageUrl } from './emojiImages';
import { EMOJI_CATEGORIES, EMOJI_REACTIONS, EMOJI_SKIN_TONE, emojiTheme } from './emojiConfig';
import { useEmojiSettings } from './emojiSettings';
import { rankSuggestions, readUsage, recordPick } from './emojiUsage';

export interface EmojiPanelProps {
  onPick: (emoji: string) => void;
}

const CATEGORIES = EMOJI_CATEGORIES.map((c) => c as Categories);

/**
 * emoji-picker-react, opening on the quick-reactions row with a button to the full picker. Drawn in
 * the user's style: native, or images from the emoji CDN of /api/config (native until that is known,
 * so no image is asked of a host the page does not allow). The Suggested row is the user's own
 * picks, recent or frequent, kept per user rather than in the picker's shared storage.
 * Loaded on demand (see LazyEmojiPanel).
 */
export function EmojiPanel({ onPick }: EmojiPanelProps) {
  const userId = useSessionStore(selectUserId);
  const [settings] = useEmojiSettings();
  const theme = useThemeStore((s) => s.theme);
  const config = usePublicConfig();
  const [usage, setUsage] = useState(() => readUsage(userId));
  const suggested = useMemo(() => rankSuggestions(usage, settings.suggestionMode), [usage, settings.suggestionMode]);
  const style: EmojiStyleValue = config.emojiCdnUrl ? settings.style : 'native';
  const getEmojiUrl = useCallback(
    (unified: string, imageStyle: EmojiStyleValue) => emojiImageUrl(config.emojiCdnUrl, imageStyle === 'native' ? 'apple' : imageStyle, unified),
    [config.emojiCdnUrl],
  );

  const pick = (data: EmojiClickData) => {
    recordPick(userId, data.unified);
    setUsage(readUsage(userId));
    onPick(data.emoji);
  };

  return (
    <div className="emoji-panel" role="group" aria-label="Emoji picker" data-emoji-style={style}>
      <EmojiPicker
        onEmojiClick={pick}
        onReactionClick={pick}
        reactionsDefaultOpen
        allowExpandReactions
        reactions={EMOJI_REACTIONS}
        categories={CATEGORIES}
        emojiStyle={style}
        getEmojiUrl={getEmojiUrl}
        colorScheme={emojiTheme(theme)}
        defaultSkinTone={EMOJI_SKIN_TONE}
        suggestedEmojisMode={settings.suggestionMode}
        suggestedEmojis={suggested}
        lazyLoadEmojis
        width="100%"
        height={360}
        previewConfig={{ showPreview: false }}
      />
    </div>
  );
}
