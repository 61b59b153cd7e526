import type { FormEvent } from 'react';
import { MESSAGES, takesAltText, type Post } from '@cloud9/contracts';
import { usePostLimit } from '../../stores/usePostLimit';
import { useEditPost } from '../../queries/posts';
import { AltTextField } from '../composer/AltTextField';
import { CharacterCounter } from '../composer/CharacterCounter';
import { MentionTextarea } from '../composer/MentionTextarea';
import { useConfirmDiscard } from '../composer/useConfirmDiscard';
import { useTextDraft } from '../composer/useTextDraft';
import { notify } from '../notify';
import { Modal } from '../ui/Modal';

interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
  onSaved: (post: Post) => void;
}

/**
 * Edit post: the text and, for an image or video, its description (alt text). Empty text alerts; a
 * failure alerts and keeps the dialog open. An unsaved change is kept per user and post until
 * saved or discarded; closing with one asks first.
 */
export function EditPostDialog({ post, onClose, onSaved }: EditPostDialogProps) {
  const limit = usePostLimit();
  const { text, setText, changed: textChanged, clear: clearText } = useTextDraft(`edit-${post.id}`, post.content);
  const describable = takesAltText(post.media_mime);
  const { text: alt, setText: setAlt, changed: altChanged, clear: clearAlt } = useTextDraft(`edit-${post.id}-alt`, post.media_alt ?? '');
  const changed = textChanged || (describable && altChanged);
  const clear = () => {
    clearText();
    clearAlt();
  };
  const confirmDiscard = useConfirmDiscard(changed, clear, MESSAGES.post.confirmDiscardEdit);
  const requestClose = () => {
    void confirmDiscard().then((discarded) => discarded && onClose());
  };
  const edit = useEditPost();
  const formId = `edit-form-${post.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    if (!text.trim()) {
      notify(MESSAGES.post.editEmpty);
      return;
    }
    try {
      onSaved(await edit.mutateAsync({ post, content: text, alt: describable ? alt : undefined }));
      clear();
      onClose();
    } catch (err) {
      console.error('Edit failed', err);
      notify(MESSAGES.post.editFailed, 'error');
    }
  };

  return (
    <Modal
      title="Edit post"
      onClose={requestClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={requestClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={edit.isPending}>
            {edit.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${formId}-text`}>Post text</label>
          <MentionTextarea id={`${formId}-text`} value={text} onValueChange={setText} maxLength={Math.max(limit, text.length)} />
        </div>
        <CharacterCounter text={text} limit={limit} />
        {describable && <AltTextField alt={alt} onChange={setAlt} />}
      </form>
    </Modal>
  );
}
