import { useState } from 'react';
import type { Actor } from '@cloud9/contracts';
import type { FollowListKind } from '../../api/follows';
import { FollowListModal } from './FollowListModal';

interface ProfileFollowCountsProps {
  userId: number;
  followers: number;
  following: number;
  viewer: Actor | null;
}

/** Followers and Following counts as buttons, each opening its list. */
export function ProfileFollowCounts({ userId, followers, following, viewer }: ProfileFollowCountsProps) {
  const [open, setOpen] = useState<FollowListKind | null>(null);
  return (
    <p className="profile-counts">
      <button type="button" className="profile-count" aria-haspopup="dialog" onClick={() => setOpen('followers')}>
        <strong>{followers}</strong> {followers === 1 ? 'Follower' : 'Followers'}
      </button>
      <button type="button" className="profile-count" aria-haspopup="dialog" onClick={() => setOpen('following')}>
        <strong>{following}</strong> Following
      </button>
      {open && <FollowListModal kind={open} userId={userId} viewer={viewer} onClose={() => setOpen(null)} />}
    </p>
  );
}
