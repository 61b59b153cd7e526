import { Bone } from './Skeleton';

/** Post cards as the feed draws them: avatar, name line, two lines of text, the action row. */
export function PostCardBones({ count = 3 }: { count?: number }) {
  return (
    <ul className="skeleton-list">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="skeleton-card skeleton-post">
          <Bone kind="circle" />
          <span className="skeleton-stack">
            <Bone width="40%" />
            <Bone width="95%" />
            <Bone width="70%" />
            {i === 0 && <Bone kind="block" height="180px" />}
            <Bone width="55%" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Notification cards: avatar, one line of who did what, the time. */
export function NoticeCardBones({ count = 4 }: { count?: number }) {
  return (
    <ul className="skeleton-list">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="skeleton-card skeleton-notice">
          <Bone kind="circle" />
          <span className="skeleton-stack">
            <Bone width="80%" />
            <Bone width="30%" />
          </span>
        </li>
      ))}
    </ul>
  );
}
