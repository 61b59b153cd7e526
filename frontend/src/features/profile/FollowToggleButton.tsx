import { FollowButton } from './FollowButton';
import { useFollowToggle } from './follows';

interface FollowToggleButtonProps {
  viewerId: number;
  targetId: number;
  initialFollowing: boolean;
  className?: string;
}

/** A FollowButton wired to the API; a change reaches the cached profiles' counts and lists. */
export function FollowToggleButton({ viewerId, targetId, initialFollowing, className }: FollowToggleButtonProps) {
  const { following, busy, toggle } = useFollowToggle(viewerId, targetId, initialFollowing);
  return <FollowButton following={following} busy={busy} onToggle={toggle} className={className} />;
}
