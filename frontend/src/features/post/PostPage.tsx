import { useParams } from 'react-router-dom';
import { MESSAGES } from '@cloud9/contracts';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { BackLink } from './BackLink';
import { PostCounts } from './PostCounts';
import { usePost, useReplies } from './usePostThread';
import './post.css';

function Replies({ postId }: { postId: number }) {
  const replies = useReplies(postId);
  return (
    <section className="post-page-replies" aria-labelledby="replies-title">
      <h2 id="replies-title" className="post-page-replies-title">
        Replies
      </h2>
      <PostList query={replies} label="Replies" emptyMessage={MESSAGES.empty.noReplies} renderPost={(reply) => <PostCard post={reply} readOnly truncateAt={null} />} />
    </section>
  );
}

/** Read-only single post with its counts and replies, and a way back. Any failure reads as "not found or deleted". */
export function PostPage() {
  const { postId = '' } = useParams();
  const { data: post, isPending, isError } = usePost(postId);

  return (
    <section aria-labelledby="post-title">
      <div className="page-header">
        <BackLink />
        <h1 id="post-title">Post</h1>
      </div>
      <div className="page-body">
        {isPending ? (
          <Spinner label={MESSAGES.post.loadingPost} />
        ) : isError || !post ? (
          <EmptyState message={MESSAGES.post.notFoundOrDeleted} />
        ) : (
          <>
            {post.originalPost && (
              <div className="post-page-original">
                <p className="hint">Replying to @{post.originalPost.username}</p>
                <PostCard post={post.originalPost} readOnly />
              </div>
            )}
            <PostCard post={post} readOnly truncateAt={null} />
            <PostCounts post={post} />
            <Replies postId={post.id} />
          </>
        )}
      </div>
    </section>
  );
}
