import EmojiPicker, { type Categories, type EmojiClickData } from 'emoji-picker-react';
import { EMOJI_CATEGORIES, EMOJI_DEFAULTS, EMOJI_REACTIONS, type EmojiOptions } from './emojiConfig';

export interface EmojiPanelProps extends EmojiOptions {
  onPick: (emoji: string) => void;
}

const CATEGORIES = EMOJI_CATEGORIES.map((c) => c as Categories);

/** emoji-picker-react with the options of emojiConfig. Loaded on demand (see LazyEmojiPanel). */
export function EmojiPanel({
  onPick,
  emojiStyle = EMOJI_DEFAULTS.emojiStyle,
  theme = EMOJI_DEFAULTS.theme,
  skinTone = EMOJI_DEFAULTS.skinTone,
  suggestionMode = EMOJI_DEFAULTS.suggestionMode,
}: EmojiPanelProps) {
  return (
    <div className="emoji-panel" role="group" aria-label="Emoji picker">
      <EmojiPicker
        onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
        categories={CATEGORIES}
        reactions={EMOJI_REACTIONS}
        emojiStyle={emojiStyle}
        colorScheme={theme}
        defaultSkinTone={skinTone}
        suggestedEmojisMode={suggestionMode}
        lazyLoadEmojis
        width="100%"
        height={360}
        previewConfig={{ showPreview: false }}
      />
    </div>
  );
}
