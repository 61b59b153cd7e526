import { useState } from 'react';
import { PWA_MESSAGES as M } from '@cloud9/contracts';
import { PostCard } from '../../components/post/PostCard';
import { EmptyState } from '../../components/ui/EmptyState';
import { persisted } from '../../lib/persisted';
import '../../components/post/post.css';

/**
 * Home offline: the last first page of the default feed this account saw (kept by HomePage), read-only
 * and marked as such. Back online, HomePage shows the live feed again.
 */
export function OfflineHome({ userId }: { userId: number }) {
  const [posts] = useState(() => persisted.homeFirstPage(userId).get() ?? []);
  return (
    <section aria-labelledby="home-title" className="home">
      <div className="page-header">
        <h1 id="home-title">Home</h1>
      </div>
      <div className="page-body">
        <p className="offline-note" role="status">
          {M.offlineHomeNote}
        </p>
        {posts.length > 0 ? (
          <ul className="post-list" aria-label="Posts">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} readOnly />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState message={M.offlineHomeEmpty} />
        )}
      </div>
    </section>
  );
}
