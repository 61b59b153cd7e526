import { useState, type FormEvent } from 'react';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { editPost } from '../../api/posts';
import { usePostLimit } from '../../hooks/usePostLimit';
import { CharacterCounter } from '../composer/CharacterCounter';
import { notify } from '../notify';
import { Modal } from '../ui/Modal';

interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
  onSaved: (post: Post) => void;
}

/** Spec §5 edit post: empty text alerts; a failure alerts and keeps the dialog open. */
export function EditPostDialog({ post, onClose, onSaved }: EditPostDialogProps) {
  const limit = usePostLimit();
  const [text, setText] = useState(post.content);
  const [busy, setBusy] = useState(false);
  const formId = `edit-form-${post.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      notify(MESSAGES.post.editEmpty);
      return;
    }
    setBusy(true);
    try {
      const result = await editPost(post.id, text);
      const saved = result?.post && typeof result.post.id === 'number' ? result.post : { ...post, content: text, editedAt: new Date().toISOString() };
      onSaved({ ...saved, editedAt: saved.editedAt ?? new Date().toISOString() });
      onClose();
    } catch (err) {
      console.error('Edit failed', err);
      notify(MESSAGES.post.editFailed, 'error');
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Edit post"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${formId}-text`}>Post text</label>
          <textarea id={`${formId}-text`} value={text} onChange={(e) => setText(e.target.value)} maxLength={Math.max(limit, text.length)} />
        </div>
        <CharacterCounter text={text} limit={limit} />
      </form>
    </Modal>
  );
}
