import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { canFollow, type Actor, type FollowUser } from '@cloud9/contracts';
import { fetchFollowList, type FollowListKind } from '../../api/follows';
import { Avatar } from '../../components/ui/Avatar';
import { EmptyState } from '../../components/ui/EmptyState';
import { InfiniteSentinel } from '../../components/ui/InfiniteSentinel';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { useCursorList } from '../../hooks/useCursorList';
import { FollowToggleButton } from './FollowToggleButton';

const TITLES: Record<FollowListKind, string> = { followers: 'Followers', following: 'Following' };
/** Not in the catalogue yet; shared messages to add: MESSAGES.empty.noFollowers / noFollowing. */
const EMPTY: Record<FollowListKind, string> = { followers: 'No followers yet.', following: 'Not following anyone yet.' };

interface FollowListModalProps {
  kind: FollowListKind;
  userId: number;
  viewer: Actor | null;
  onClose: () => void;
  /** The viewer followed or unfollowed someone in the list. */
  onToggled: (nowFollowing: boolean) => void;
}

function FollowRow({ user, viewer, onClose, onToggled }: { user: FollowUser; viewer: Actor | null; onClose: () => void; onToggled: (now: boolean) => void }) {
  const href = `/profile/${encodeURIComponent(user.username)}`;
  return (
    <li className="follow-row">
      <Link to={href} className="follow-row-user" onClick={onClose}>
        <Avatar path={user.thumbnail} size={40} />
        <span className="follow-row-names">
          <span className="follow-row-name">{user.name || user.username}</span>
          <span className="follow-row-handle">@{user.username}</span>
        </span>
      </Link>
      {viewer && canFollow(viewer, user.id) && (
        <FollowToggleButton viewerId={viewer.id} targetId={user.id} initialFollowing={user.isFollowing} onChanged={onToggled} />
      )}
    </li>
  );
}

/** The Followers / Following list (spec §2): each user links to their profile, with a follow button but not for oneself. */
export function FollowListModal({ kind, userId, viewer, onClose, onToggled }: FollowListModalProps) {
  const load = useCallback((cursor: string | null, signal: AbortSignal) => fetchFollowList(kind, userId, cursor, signal), [kind, userId]);
  const list = useCursorList<FollowUser>(`${kind}|${userId}`, load, (err) => console.error(`Loading ${kind} failed`, err));
  const { items, status, hasMore, loadingMore, moreFailed, loadMore, retry } = list;

  let body;
  if (status === 'loading') body = <Spinner />;
  else if (items.length === 0) {
    body = (
      <EmptyState message={EMPTY[kind]}>
        {status === 'error' && (
          <button type="button" className="btn btn-primary" onClick={retry}>
            Try again
          </button>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="follow-list" aria-label={TITLES[kind]}>
          {items.map((user) => (
            <FollowRow key={user.id} user={user} viewer={viewer} onClose={onClose} onToggled={onToggled} />
          ))}
        </ul>
        {hasMore && !loadingMore && !moreFailed && <InfiniteSentinel key={items.length} onVisible={loadMore} />}
        {loadingMore && <Spinner />}
        {moreFailed && (
          <button type="button" className="btn btn-ghost" onClick={retry}>
            Try again
          </button>
        )}
      </>
    );
  }

  return (
    <Modal
      title={TITLES[kind]}
      onClose={onClose}
      className="follow-modal"
      footer="close"
    >
      {body}
    </Modal>
  );
}
