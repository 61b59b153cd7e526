import { Navigate, useParams } from 'react-router-dom';
import { MESSAGES, normalizeTag } from '@cloud9/contracts';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { EmptyState } from '../../components/ui/EmptyState';
import { useTagFeed } from './useTagFeed';
import './tag.css';

function TagPosts({ tag }: { tag: string }) {
  const list = useTagFeed(tag);
  return (
    <PostList
      query={list}
      label={`Posts with #${tag}`}
      emptyMessage={MESSAGES.tagFeed.empty(tag)}
      errorMessage={MESSAGES.tagFeed.failed}
      renderPost={(post) => <PostCard post={post} />}
    />
  );
}

/** One hashtag's posts and replies, newest first; `/tag/News` goes to the tag's one address, `/tag/news`. */
export function TagPage() {
  const { tag: raw = '' } = useParams();
  const tag = normalizeTag(raw);
  if (tag && tag !== raw) return <Navigate to={`/tag/${encodeURIComponent(tag)}`} replace />;

  return (
    <section aria-labelledby="tag-title" className="tag-page">
      <div className="page-header">
        <h1 id="tag-title" className="tag-title">
          {MESSAGES.tagFeed.title(tag ?? raw)}
        </h1>
        <p className="hint tag-hint">Posts and replies with this tag, newest first.</p>
      </div>
      <div className="page-body">{tag ? <TagPosts key={tag} tag={tag} /> : <EmptyState message={MESSAGES.hashtags.invalidTag} />}</div>
    </section>
  );
}
