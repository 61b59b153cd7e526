import type { FormEvent } from 'react';
import { LIMITS, truncateForDisplay, type Post } from '@cloud9/contracts';
import { usePostLimit } from '../../hooks/usePostLimit';
import { useReplyToPost } from '../../queries/posts';
import { CharacterCounter } from '../composer/CharacterCounter';
import { MentionTextarea } from '../composer/MentionTextarea';
import { useConfirmDiscard } from '../composer/useConfirmDiscard';
import { useTextDraft } from '../composer/useTextDraft';
import { Modal } from '../ui/Modal';

interface ReplyDialogProps {
  post: Post;
  onClose: () => void;
  onReplied: (reply: Post) => void;
}

/**
 * Quotes the original cut at 200 characters; a blank reply is ignored. Failures are only logged.
 * The unsent reply is kept per user and post until sent or discarded; closing with one asks first.
 */
export function ReplyDialog({ post, onClose, onReplied }: ReplyDialogProps) {
  const limit = usePostLimit();
  const { text, setText, changed, clear } = useTextDraft(`reply-${post.id}`);
  const confirmDiscard = useConfirmDiscard(changed, clear);
  const requestClose = () => {
    void confirmDiscard().then((discarded) => discarded && onClose());
  };
  const reply = useReplyToPost();
  const formId = `reply-form-${post.id}`;
  const quote = truncateForDisplay(post.content, LIMITS.replyQuoteTruncate).text;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending || !text.trim()) return;
    try {
      onReplied(await reply.mutateAsync({ postId: post.id, content: text.trim() }));
      clear();
      onClose();
    } catch (err) {
      console.error('Reply failed', err);
    }
  };

  return (
    <Modal
      title={`Reply to @${post.username}`}
      onClose={requestClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={requestClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={reply.isPending}>
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
          <MentionTextarea id={`${formId}-text`} value={text} onValueChange={setText} maxLength={limit} />
        </div>
        <CharacterCounter text={text} limit={limit} />
      </form>
    </Modal>
  );
}
