import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { fetchPost, fetchReplies } from '../../api/posts';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { useCursorList } from '../../hooks/useCursorList';
import './post.css';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; post: Post };

function Replies({ postId }: { postId: number }) {
  const load = useCallback((cursor: string | null, signal: AbortSignal) => fetchReplies(postId, cursor, signal), [postId]);
  const list = useCursorList<Post>(String(postId), load, (err) => console.error('Loading replies failed', err));
  return (
    <section className="post-page-replies" aria-labelledby="replies-title">
      <h2 id="replies-title" className="post-page-replies-title">
        Replies
      </h2>
      <PostList list={list} label="Replies" emptyMessage={MESSAGES.empty.noReplies} renderPost={(reply) => <PostCard post={reply} readOnly truncateAt={null} />} />
    </section>
  );
}

/** Read-only single post with its replies (spec §2). Any failure reads as "not found or deleted". */
export function PostPage() {
  const { postId = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPost(postId, controller.signal)
      .then((post) => setState(post && typeof post.id === 'number' ? { status: 'ready', post } : { status: 'missing' }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the post failed', err);
        setState({ status: 'missing' });
      });
    return () => controller.abort();
  }, [postId]);

  return (
    <section aria-labelledby="post-title">
      <div className="page-header">
        <h1 id="post-title">Post</h1>
      </div>
      <div className="page-body">
        {state.status === 'loading' && <Spinner label={MESSAGES.post.loadingPost} />}
        {state.status === 'missing' && <EmptyState message={MESSAGES.post.notFoundOrDeleted} />}
        {state.status === 'ready' && (
          <>
            {state.post.originalPost && (
              <div className="post-page-original">
                <p className="hint">Replying to @{state.post.originalPost.username}</p>
                <PostCard post={state.post.originalPost} readOnly />
              </div>
            )}
            <PostCard post={state.post} readOnly truncateAt={null} />
            <Replies postId={state.post.id} />
          </>
        )}
      </div>
    </section>
  );
}
