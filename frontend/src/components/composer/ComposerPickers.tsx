import { LazyEmojiPanel } from '../emoji/LazyEmojiPanel';
import { LazyHomeGifWidget } from '../gifs/LazyGifPickers';
import { PickerEscape } from './PickerEscape';
import type { ComposerDraft } from './useComposerDraft';

/**
 * The GIF and emoji pickers a composer's toolbar (ComposerTools) opens, where the composer draws them:
 * a picked GIF replaces the file (one or the other), a picked emoji goes in at the caret.
 */
export function ComposerPickers({ draft }: { draft: ComposerDraft }) {
  return (
    <>
      {draft.gifOpen && (
        <PickerEscape picker="gif" onClose={draft.toggleGif}>
          <LazyHomeGifWidget
            onPick={(url) => {
              draft.setFile(null);
              draft.setGif(url);
            }}
          />
        </PickerEscape>
      )}
      {draft.emojiOpen && (
        <PickerEscape picker="emoji" onClose={draft.toggleEmoji}>
          <LazyEmojiPanel onPick={draft.addEmoji} />
        </PickerEscape>
      )}
    </>
  );
}
