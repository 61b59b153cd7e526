import { useState, type FormEvent } from 'react';
import { LIMITS, truncateForDisplay, type Post } from '@cloud9/contracts';
import { replyToPost } from '../../api/posts';
import { usePostLimit } from '../../hooks/usePostLimit';
import { CharacterCounter } from '../composer/CharacterCounter';
import { Modal } from '../ui/Modal';

interface ReplyDialogProps {
  post: Post;
  onClose: () => void;
  onReplied: (reply: Post) => void;
}

/** Quotes the original cut at 200 characters (spec §5); a blank reply is ignored. Failures are only logged. */
export function ReplyDialog({ post, onClose, onReplied }: ReplyDialogProps) {
  const limit = usePostLimit();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = `reply-form-${post.id}`;
  const quote = truncateForDisplay(post.content, LIMITS.replyQuoteTruncate).text;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !text.trim()) return;
    setBusy(true);
    try {
      const reply = await replyToPost(post.id, text.trim());
      onReplied(reply);
      onClose();
    } catch (err) {
      console.error('Reply failed', err);
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Reply to @${post.username}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            Reply
          </button>
        </>
      }
    >
      <blockquote className="reply-quote" data-testid="reply-quote">
        <p className="reply-quote-author">{post.postUser?.name || post.name || post.username}</p>
        <p className="reply-quote-text">{quote}</p>
      </blockquote>
      <form id={formId} onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${formId}-text`}>Your reply</label>
          <textarea id={`${formId}-text`} value={text} onChange={(e) => setText(e.target.value)} maxLength={limit} />
        </div>
        <CharacterCounter text={text} limit={limit} />
      </form>
    </Modal>
  );
}
