import { FollowButton } from './FollowButton';
import { useFollowToggle } from './useFollowToggle';

interface FollowToggleButtonProps {
  viewerId: number;
  targetId: number;
  initialFollowing: boolean;
  onChanged?: (nowFollowing: boolean) => void;
  className?: string;
}

/** A FollowButton wired to the API. */
export function FollowToggleButton({ viewerId, targetId, initialFollowing, onChanged, className }: FollowToggleButtonProps) {
  const { following, busy, toggle } = useFollowToggle(viewerId, targetId, initialFollowing, onChanged);
  return <FollowButton following={following} busy={busy} onToggle={toggle} className={className} />;
}
