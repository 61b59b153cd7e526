import { Link, useParams } from 'react-router-dom';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { PostCardBones } from '../../components/skeletons/ListSkeletons';
import { Skeleton } from '../../components/skeletons/Skeleton';
import { EmptyState } from '../../components/ui/EmptyState';
import { selectIsSignedIn, useSessionStore } from '../../stores/session';
import { AncestorPost } from './AncestorPost';
import { BackLink } from './BackLink';
import { PostCounts } from './PostCounts';
import { useThread } from './usePostThread';
import './post.css';

/**
 * The chain above the post, root first; a link up when the chain was cut before its root, or "This
 * post is unavailable" where it stops at a post the viewer may not see (`originalHidden` on the first
 * post shown, the post itself when no ancestor is shown).
 */
function Ancestors({ ancestors, post }: { ancestors: Post[]; post: Post }) {
  const top = ancestors[0] ?? post;
  const hidden = top.originalHidden === true;
  if (ancestors.length === 0 && !hidden) return null;
  const above = hidden ? null : top.parent_id;
  return (
    <nav className="thread-ancestors" aria-label="Earlier in the thread">
      {hidden && <p className="thread-unavailable hint">{MESSAGES.thread.unavailable}</p>}
      {above !== null && (
        <Link to={`/post/${above}`} className="thread-earlier">
          {MESSAGES.thread.earlier}
        </Link>
      )}
      {ancestors.length > 0 && (
        <ol className="thread-ancestor-list">
          {ancestors.map((ancestor) => (
            <li key={ancestor.id}>
              <AncestorPost post={ancestor} />
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}

/** A missing post (404, or an address that is no post id) is gone for good; anything else may pass. */
const isGone = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/**
 * /post/:postId: the thread's ancestors (compact, each a link to its own page), the post
 * highlighted, its replies paged below. Signed in, every card has its actions; signed out, the
 * page reads only, with the counts as text.
 */
export function PostPage() {
  const { postId = '' } = useParams();
  const signedIn = useSessionStore(selectIsSignedIn);
  const thread = useThread(postId);
  const first = thread.data?.pages[0];
  const post = first?.post;

  let body;
  if (post) {
    body = (
      <>
        <Ancestors ancestors={first.ancestors ?? []} post={post} />
        <div className="thread-focus">
          <PostCard key={post.id} post={post} readOnly={!signedIn} truncateAt={null} />
          {!signedIn && <PostCounts post={post} />}
          {!signedIn && <p className="hint">{MESSAGES.thread.signInToAct}</p>}
        </div>
        <section className="post-page-replies" aria-labelledby="replies-title">
          <h2 id="replies-title" className="post-page-replies-title">
            Replies
          </h2>
          <PostList
            query={thread}
            label="Replies"
            emptyMessage={MESSAGES.empty.noReplies}
            renderPost={(reply) => <PostCard post={reply} readOnly={!signedIn} />}
          />
        </section>
      </>
    );
  } else if (thread.isError && !thread.isFetching) {
    body = isGone(thread.error) ? (
      <EmptyState message={MESSAGES.thread.gone}>
        <p className="hint">{MESSAGES.thread.goneHint}</p>
        <Link to="/" className="btn btn-primary">
          Go Home
        </Link>
      </EmptyState>
    ) : (
      <EmptyState message={MESSAGES.thread.loadFailed}>
        <button type="button" className="btn btn-primary" onClick={() => void thread.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  } else {
    body = (
      <Skeleton label={MESSAGES.post.loadingPost}>
        <PostCardBones count={2} />
      </Skeleton>
    );
  }

  return (
    <section aria-labelledby="post-title">
      <div className="page-header">
        <BackLink />
        <h1 id="post-title">Post</h1>
      </div>
      <div className="page-body">{body}</div>
    </section>
  );
}
