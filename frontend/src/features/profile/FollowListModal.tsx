import { Link } from 'react-router-dom';
import { canFollow, type Actor, type FollowUser } from '@cloud9/contracts';
import type { FollowListKind } from '../../api/follows';
import { Avatar } from '../../components/ui/Avatar';
import { EmptyState } from '../../components/ui/EmptyState';
import { InfiniteSentinel } from '../../components/ui/InfiniteSentinel';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { pageItems } from '../../queries/paging';
import { useFollowList } from './follows';
import { FollowToggleButton } from './FollowToggleButton';

const TITLES: Record<FollowListKind, string> = { followers: 'Followers', following: 'Following' };
/** Not in the catalogue yet; shared messages to add: MESSAGES.empty.noFollowers / noFollowing. */
const EMPTY: Record<FollowListKind, string> = { followers: 'No followers yet.', following: 'Not following anyone yet.' };

interface FollowListModalProps {
  kind: FollowListKind;
  userId: number;
  viewer: Actor | null;
  onClose: () => void;
}

function FollowRow({ user, viewer, onClose }: { user: FollowUser; viewer: Actor | null; onClose: () => void }) {
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
        <FollowToggleButton viewerId={viewer.id} targetId={user.id} initialFollowing={user.isFollowing} />
      )}
    </li>
  );
}

/** The Followers / Following list: each user links to their profile, with a follow button but not for oneself. */
export function FollowListModal({ kind, userId, viewer, onClose }: FollowListModalProps) {
  const { data, isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = useFollowList(kind, userId);
  const items = pageItems(data);
  const firstPageFailed = !data && isError && !isFetching;
  const loadMore = () => void fetchNextPage();

  let body;
  if (!data && !firstPageFailed) body = <Spinner />;
  else if (items.length === 0) {
    body = (
      <EmptyState message={EMPTY[kind]}>
        {firstPageFailed && (
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
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
            <FollowRow key={user.id} user={user} viewer={viewer} onClose={onClose} />
          ))}
        </ul>
        {hasNextPage && !isFetching && !isFetchNextPageError && <InfiniteSentinel key={items.length} onVisible={loadMore} />}
        {isFetchingNextPage && <Spinner />}
        {isFetchNextPageError && !isFetching && (
          <button type="button" className="btn btn-ghost" onClick={loadMore}>
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
      scrollsInside
    >
      {body}
    </Modal>
  );
}
