import { MediaPreview } from './MediaPreview';
import type { ComposerDraft } from './useComposerDraft';

/** The writing area both composers share: the text box and the preview of the chosen file or GIF. */
export function ComposerEditor({ draft }: { draft: ComposerDraft }) {
  return (
    <>
      <textarea
        className="composer-text"
        aria-label="What's happening?"
        placeholder="What's happening?"
        value={draft.text}
        maxLength={draft.maxLength}
        onChange={(e) => draft.setText(e.target.value)}
      />
      <MediaPreview file={draft.file} gif={draft.gif} onRemoveFile={() => draft.setFile(null)} onRemoveGif={() => draft.setGif(null)} />
    </>
  );
}
