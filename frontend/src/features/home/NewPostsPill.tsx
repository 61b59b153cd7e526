/** '1 new post' / 'N new posts'. */
const newPostsLabel = (count: number) => `${count} new post${count === 1 ? '' : 's'}`;

/**
 * The pill under the feed header. Its polite live region is always in the page, so a screen
 * reader hears the count when it appears or grows.
 */
export function NewPostsPill({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className="new-posts-bar" role="status" aria-live="polite">
      {count > 0 && (
        <button type="button" className="new-posts-pill" onClick={onShow}>
          <span aria-hidden="true">↑ </span>
          {newPostsLabel(count)}
        </button>
      )}
    </div>
  );
}
