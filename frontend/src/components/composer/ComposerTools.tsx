import type { ReactNode } from 'react';
import { usePublicConfig } from '../../queries/config';
import type { ComposerDraft } from './useComposerDraft';
import { FilePickButton } from './FilePickButton';
import { pickerToggleAttribute } from './PickerEscape';

/**
 * The toolbar both composers share: Photo/Video, GIF and Emoji; `children` adds composer-specific tools.
 * The GIF button shows only once /api/config says GIFs are configured: never a button that can only fail.
 */
export function ComposerTools({ draft, children }: { draft: ComposerDraft; children?: ReactNode }) {
  const { gifsEnabled } = usePublicConfig();
  return (
    <div className="composer-tools">
      <FilePickButton
        onPick={(file) => {
          // A post carries one file or one GIF, not both.
          if (file) draft.setGif(null);
          draft.setFile(file);
        }}
      />
      {gifsEnabled && (
        <button type="button" className="composer-tool" aria-expanded={draft.gifOpen} onClick={draft.toggleGif} {...pickerToggleAttribute('gif')}>
          <span className="composer-tool-gif">GIF</span>
        </button>
      )}
      <button type="button" className="composer-tool" aria-expanded={draft.emojiOpen} onClick={draft.toggleEmoji} {...pickerToggleAttribute('emoji')}>
        <span aria-hidden="true">😊</span>
        <span>Emoji</span>
      </button>
      {children}
    </div>
  );
}
