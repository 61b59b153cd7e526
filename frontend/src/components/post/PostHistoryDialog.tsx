import type { Post } from '@cloud9/contracts';
import { fullDate } from '../../lib/relativeTime';
import { usePostHistory } from '../../queries/posts';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';

/** Earlier versions of an edited post, newest first, under the current text. */
export function PostHistoryDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const history = usePostHistory(post.id);

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
      {history.isPending && <Spinner label="Loading history..." />}
      {history.isError && <p className="hint">The earlier versions could not be loaded.</p>}
      {history.isSuccess &&
        (history.data.length === 0 ? (
          <p className="hint">No earlier versions.</p>
        ) : (
          <ol className="history-list" aria-label="Earlier versions">
            {history.data.map((item, i) => (
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
