import { Suspense, useState } from 'react';
import { LIMITS, MESSAGES, canRequestBoost, type Post } from '@cloud9/contracts';
import { useDeletePost } from '../../queries/posts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { confirmAction } from '../confirm';
import { notify, toast } from '../notify';
import { LazyReportDialog } from '../safety/lazyReportDialog';
import { Modal } from '../ui/Modal';
import { BoostButton } from './BoostButton';
import { EditPostDialog, PostHistoryDialog, ReplyDialog } from './lazyPostDialogs';
import { PostMenu } from './PostMenu';
import { PostText } from './PostText';
import { PostView } from './PostView';
import { usePostState } from './usePostState';
import './post.css';

export interface PostCardProps {
  post: Post;
  /** No actions, no menu (single post page). */
  readOnly?: boolean;
  /** Characters shown before Show more; null never cuts. */
  truncateAt?: number | null;
  /** 'inline': Show more / Show less in place (public profile); 'modal': Show more opens the full post. */
  expand?: 'modal' | 'inline';
}

type Dialog = 'full' | 'reply' | 'edit' | 'history' | 'report' | null;

/** A post in a list: optimistic like/repost/bookmark, share, reply, edit (with history), delete, hide and report, each offered only where the viewer's role allows it. */
export function PostCard({ post: initial, readOnly = false, truncateAt = LIMITS.feedTruncate, expand = 'modal' }: PostCardProps) {
  const { post, setPost, toggleLike, toggleRepost, toggleBookmark } = usePostState(initial);
  const user = useSessionStore(selectCurrentUser);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleted, setDeleted] = useState(false);
  const { mutateAsync: sendDelete } = useDeletePost();
  const close = () => setDialog(null);

  const openReply = () => {
    if (!user) {
      notify(MESSAGES.post.mustBeLoggedInToReply);
      return;
    }
    setDialog('reply');
  };

  const openEdit = () => {
    if (!user) {
      notify(MESSAGES.post.editNotLoggedIn);
      return;
    }
    setDialog('edit');
  };

  const remove = async () => {
    if (!(await confirmAction({ message: MESSAGES.post.confirmDelete, confirmLabel: 'Delete' }))) return;
    try {
      // The mutation takes the post out of every cached list; the card hides itself wherever it is.
      await sendDelete(post.id);
      setDeleted(true);
      toast(MESSAGES.post.deleted);
    } catch (err) {
      console.error('Delete failed', err);
    }
  };

  if (deleted) return null;

  const actions = readOnly ? undefined : { onLike: toggleLike, onReply: openReply, onRepost: toggleRepost, onBookmark: toggleBookmark };
  const menu = readOnly || !user ? undefined : <PostMenu post={post} user={user} onEdit={openEdit} onDelete={remove} onReport={() => setDialog('report')} />;
  const showHistory = () => setDialog('history');
  const mayBoost = !readOnly && post.parent_id === null && !post.isBoosted && !post.isAdminBoosted && canRequestBoost(user, post.user_id);

  return (
    <>
      <PostView
        post={post}
        text={<PostText content={post.content} mentions={post.mentions} max={truncateAt} mode={expand} onShowMore={() => setDialog('full')} />}
        actions={actions}
        menu={menu}
        extraActions={mayBoost ? <BoostButton post={post} /> : undefined}
        onShowHistory={showHistory}
      />
      {dialog === 'full' && (
        <Modal title={`Post by @${post.username}`} onClose={close} size="lg">
          <PostView post={post} text={<PostText content={post.content} mentions={post.mentions} max={null} />} actions={actions} onShowHistory={showHistory} className="post-card-full" />
        </Modal>
      )}
      <Suspense fallback={null}>
        {dialog === 'reply' && (
          <ReplyDialog
            post={post}
            onClose={close}
            onReplied={() => setPost((p) => ({ ...p, repliesCount: p.repliesCount + 1 }))}
          />
        )}
        {dialog === 'edit' && <EditPostDialog post={post} onClose={close} onSaved={(saved) => setPost((p) => ({ ...p, ...saved }))} />}
        {dialog === 'history' && <PostHistoryDialog post={post} onClose={close} />}
        {dialog === 'report' && <LazyReportDialog target={{ type: 'post', post }} onClose={close} />}
      </Suspense>
    </>
  );
}
