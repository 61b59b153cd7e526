import { useEffect, useState } from 'react';
import type { Post, PostEdit } from '@cloud9/contracts';
import { fetchPostHistory } from '../../api/posts';
import { fullDate } from '../../lib/relativeTime';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: PostEdit[] };

/** Earlier versions of an edited post, newest first, under the current text. */
export function PostHistoryDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchPostHistory(post.id, controller.signal)
      .then((res) => setState({ status: 'ready', items: Array.isArray(res?.items) ? res.items : [] }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('History failed', err);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [post.id]);

  return (
    <Modal
      title="Edit history"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <section className="history-current" aria-label="Current version">
        <p className="history-label">Current{post.editedAt ? ` · edited ${fullDate(post.editedAt)}` : ''}</p>
        <p className="post-text">{post.content}</p>
      </section>
      {state.status === 'loading' && <Spinner label="Loading history..." />}
      {state.status === 'error' && <p className="hint">The earlier versions could not be loaded.</p>}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <p className="hint">No earlier versions.</p>
        ) : (
          <ol className="history-list" aria-label="Earlier versions">
            {state.items.map((item, i) => (
              <li key={`${item.editedAt}-${i}`} className="history-item">
                <p className="history-label">
                  <time dateTime={item.editedAt}>{fullDate(item.editedAt)}</time>
                </p>
                <p className="post-text">{item.content}</p>
              </li>
            ))}
          </ol>
        ))}
    </Modal>
  );
}
