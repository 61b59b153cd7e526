import type { FormEvent } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { usePostLimit } from '../../stores/usePostLimit';
import { useCreatePost } from '../../queries/posts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { LazyEmojiPanel } from '../emoji/LazyEmojiPanel';
import { LazyGlobalGifPicker } from '../gifs/LazyGifPickers';
import { reportGifSentLater } from '../gifs/reportGifSent';
import { notify, toast } from '../notify';
import { Avatar } from '../ui/Avatar';
import { Modal } from '../ui/Modal';
import { CharacterCounter } from './CharacterCounter';
import { ComposerTools } from './ComposerTools';
import { ComposerEditor } from './ComposerEditor';
import { PickerEscape } from './PickerEscape';
import { useComposerDraft } from './useComposerDraft';
import { useConfirmDiscard } from './useConfirmDiscard';
import './composer.css';

/**
 * The floating button's modal composer. Mounted fresh on each opening with the user's saved draft,
 * if any (pickers closed). Closing it while it holds text, a file or a GIF (Escape, the backdrop,
 * Close) asks whether to discard the draft. Blank without a file or GIF does nothing. The new post
 * goes on top of the cached Home feeds.
 */
export function GlobalComposer({ onClose }: { onClose: () => void }) {
  const user = useSessionStore(selectCurrentUser);
  const limit = usePostLimit();
  const draft = useComposerDraft(limit, 'global');
  const confirmDiscard = useConfirmDiscard(draft.hasContent, draft.reset);
  const requestClose = () => {
    void confirmDiscard().then((discarded) => discarded && onClose());
  };
  const create = useCreatePost();
  const busy = create.isPending;
  const formId = 'global-composer-form';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !draft.hasContent) return;
    if (!user?.username) {
      notify(MESSAGES.post.mustBeLoggedInToPost);
      return;
    }
    const content = draft.text.trim() ? draft.text : draft.file ? MESSAGES.post.mediaPlaceholder : MESSAGES.post.gifPlaceholder;
    try {
      await create.mutateAsync(draft.file ? { content, file: draft.file, alt: draft.alt } : { content, gif: draft.gif });
      if (!draft.file) reportGifSentLater(draft.gif);
      toast(MESSAGES.post.posted, 'success');
      draft.reset();
      onClose();
    } catch (err) {
      console.error(errorMessage(err, MESSAGES.post.submitFailed), err);
      notify(MESSAGES.post.submitFailedAlert, 'error');
    }
  };

  return (
    <Modal
      title="New post"
      onClose={requestClose}
      className="composer-modal"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={requestClose}>
            Close
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={!draft.hasContent || busy}>
            {busy ? 'Posting...' : 'Post'}
          </button>
        </>
      }
    >
      <form id={formId} className="composer" onSubmit={submit}>
        <Avatar path={user?.thumbnail} size={44} />
        <div className="composer-main">
          <ComposerEditor draft={draft} />
          <ComposerTools draft={draft}>
            <CharacterCounter text={draft.text} limit={limit} />
          </ComposerTools>
          {draft.gifOpen && (
            <PickerEscape picker="gif" onClose={draft.toggleGif}>
              <LazyGlobalGifPicker
                onPick={(url) => {
                  draft.setFile(null);
                  draft.setGif(url);
                }}
                onClose={draft.toggleGif}
              />
            </PickerEscape>
          )}
          {draft.emojiOpen && (
            <PickerEscape picker="emoji" onClose={draft.toggleEmoji}>
              <LazyEmojiPanel onPick={draft.addEmoji} />
            </PickerEscape>
          )}
        </div>
      </form>
    </Modal>
  );
}
