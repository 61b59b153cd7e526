import { useState } from 'react';

interface FollowButtonProps {
  following: boolean;
  busy: boolean;
  onToggle: () => void;
  className?: string;
}

/**
 * Follow / Following, reading Unfollow while hovered or focused, and 'Processing...'
 * while busy. After a toggle it shows the new state until the pointer moves again (or leaves and
 * comes back, or focus returns), so a click on Follow reads Following rather than jumping
 * straight to Unfollow under the still pointer.
 */
export function FollowButton({ following, busy, onToggle, className = '' }: FollowButtonProps) {
  const [reveal, setReveal] = useState(false);
  const label = busy ? 'Processing...' : following ? (reveal ? 'Unfollow' : 'Following') : 'Follow';

  return (
    <button
      type="button"
      className={`btn ${following ? 'btn-ghost follow-button-on' : 'btn-primary'} follow-button ${className}`.trim()}
      aria-disabled={busy || undefined}
      onMouseEnter={() => setReveal(true)}
      onMouseMove={() => setReveal(true)}
      onMouseLeave={() => setReveal(false)}
      onFocus={() => setReveal(true)}
      onBlur={() => setReveal(false)}
      onClick={() => {
        if (busy) return;
        setReveal(false);
        onToggle();
      }}
    >
      {label}
    </button>
  );
}
