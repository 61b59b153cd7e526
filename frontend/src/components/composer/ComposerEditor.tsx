import { MESSAGES } from '@cloud9/contracts';
import { MediaPreview } from './MediaPreview';
import { MentionTextarea } from './MentionTextarea';
import type { ComposerDraft } from './useComposerDraft';

/**
 * The writing area the composers share: the text box and the preview of the chosen file (with its
 * description) or GIF (or, for a draft restored after a reload, which file must be chosen again).
 */
export function ComposerEditor({ draft }: { draft: ComposerDraft }) {
  return (
    <>
      <MentionTextarea
        className="composer-text"
        aria-label="What's happening?"
        placeholder="What's happening?"
        value={draft.text}
        maxLength={draft.maxLength}
        onValueChange={draft.setText}
      />
      {draft.lostFileName && <p className="hint composer-lost-file">{MESSAGES.post.draftFileNotKept(draft.lostFileName)}</p>}
      <MediaPreview
        file={draft.file}
        gif={draft.gif}
        onRemoveFile={() => draft.setFile(null)}
        onRemoveGif={() => draft.setGif(null)}
        alt={draft.alt}
        onAltChange={draft.setAlt}
      />
    </>
  );
}
