import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { fetchPost } from '../../api/posts';
import { Avatar } from '../../components/ui/Avatar';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import './post.css';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; post: Post };

/** Read-only single post (spec §2). Any failure reads as "not found or deleted". */
export function PostPage() {
  const { postId = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPost(postId, controller.signal)
      .then((post) => setState(post && typeof post.id === 'number' ? { status: 'ready', post } : { status: 'missing' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'missing' });
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
          <article className="post-card">
            <header className="post-card-author">
              <Avatar path={state.post.postUser?.thumbnail ?? state.post.thumbnail} />
              <div>
                <strong>{state.post.postUser?.name || state.post.name || state.post.username}</strong>{' '}
                <span className="hint">@{state.post.username}</span>
              </div>
            </header>
            <p className="post-card-content">{state.post.content}</p>
            <p className="hint">
              <time dateTime={state.post.createdAt}>{new Date(state.post.createdAt).toLocaleString()}</time>
            </p>
          </article>
        )}
      </div>
    </section>
  );
}
