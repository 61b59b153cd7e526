import { MESSAGES } from '@cloud9/contracts';
import { fetchBookmarks } from '../../api/bookmarks';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { postsKeys } from '../../queries/posts';
import { usePagedQuery } from '../../queries/usePagedQuery';

/** The member's saved posts, newest bookmark first; unsaving one takes it off the list (useToggleBookmark). */
export function BookmarksPage() {
  const bookmarks = usePagedQuery(postsKeys.bookmarks(), fetchBookmarks, MESSAGES.bookmarks.loadFailed);
  return (
    <section aria-labelledby="bookmarks-title">
      <div className="page-header">
        <h1 id="bookmarks-title">Bookmarks</h1>
        <p className="hint">{MESSAGES.bookmarks.privateNote}</p>
      </div>
      <div className="page-body">
        <PostList
          query={bookmarks}
          label="Bookmarks"
          emptyMessage={MESSAGES.bookmarks.emptyTitle}
          emptyHint={<p className="hint">{MESSAGES.bookmarks.emptyHint}</p>}
          renderPost={(post) => <PostCard post={post} />}
        />
      </div>
    </section>
  );
}
