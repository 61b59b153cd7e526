import type { FormEvent } from 'react';
import { LIMITS, MESSAGES, truncateForDisplay, type Post } from '@cloud9/contracts';
import { usePostLimit } from '../../stores/usePostLimit';
import { useReplyToPost } from '../../queries/posts';
import { CharacterCounter } from '../composer/CharacterCounter';
import { FilePickButton } from '../composer/FilePickButton';
import { MediaPreview } from '../composer/MediaPreview';
import { MentionTextarea } from '../composer/MentionTextarea';
import { useComposerDraft } from '../composer/useComposerDraft';
import { useConfirmDiscard } from '../composer/useConfirmDiscard';
import { Modal } from '../ui/Modal';
import '../composer/composer.css';

interface ReplyDialogProps {
  post: Post;
  onClose: () => void;
  onReplied: (reply: Post) => void;
}

/**
 * Quotes the original cut at 200 characters; a reply is text, a photo or video (with its
 * description) or both; a blank one without a file is ignored. Failures are only logged. The
 * unsent reply is kept per user and post until sent or discarded; closing with one asks first.
 */
export function ReplyDialog({ post, onClose, onReplied }: ReplyDialogProps) {
  const limit = usePostLimit();
  const draft = useComposerDraft(limit, `reply-${post.id}`);
  const { text, setText } = draft;
  const confirmDiscard = useConfirmDiscard(draft.hasContent, draft.reset);
  const requestClose = () => {
    void confirmDiscard().then((discarded) => discarded && onClose());
  };
  const reply = useReplyToPost();
  const formId = `reply-form-${post.id}`;
  const quote = truncateForDisplay(post.content, LIMITS.replyQuoteTruncate).text;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending || (!text.trim() && !draft.file)) return;
    try {
      onReplied(await reply.mutateAsync({ postId: post.id, content: text.trim(), file: draft.file, alt: draft.alt }));
      draft.reset();
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
          <MentionTextarea id={`${formId}-text`} value={text} onValueChange={setText} maxLength={draft.maxLength} />
        </div>
        {draft.lostFileName && <p className="hint composer-lost-file">{MESSAGES.post.draftFileNotKept(draft.lostFileName)}</p>}
        <MediaPreview
          file={draft.file}
          gif={null}
          onRemoveFile={() => draft.setFile(null)}
          onRemoveGif={() => undefined}
          alt={draft.alt}
          onAltChange={draft.setAlt}
        />
        <div className="composer-tools">
          <FilePickButton onPick={draft.setFile} />
          <CharacterCounter text={text} limit={limit} />
        </div>
      </form>
    </Modal>
  );
}
