import { Bone, Skeleton } from './Skeleton';
import { NoticeCardBones, PostCardBones } from './ListSkeletons';

/**
 * What each screen shows while its code loads: its header, search box and tabs, then its content,
 * in the sizes the screen itself will take, so the arrival moves nothing.
 */

/** A page header as the screens draw it: title, search box, optionally a tab row. */
function HeaderBones({ tabs = 0 }: { tabs?: number }) {
  return (
    <span className="skeleton-header">
      <Bone width="120px" height="1.6rem" />
      <Bone kind="block" height="42px" />
      {tabs > 0 && (
        <span className="skeleton-tabs">
          {Array.from({ length: tabs }, (_, i) => (
            <Bone key={i} width="110px" height="1.1rem" />
          ))}
        </span>
      )}
    </span>
  );
}

export function FeedSkeleton() {
  return (
    <Skeleton className="skeleton-screen">
      <HeaderBones tabs={2} />
      <span className="skeleton-body">
        <span className="skeleton-card skeleton-composer">
          <Bone kind="block" height="96px" />
          <Bone width="35%" />
        </span>
        <PostCardBones />
      </span>
    </Skeleton>
  );
}

/** A profile: banner, avatar over its edge, name and counts, the filter row, posts. */
export function ProfileSkeleton({ label }: { label?: string }) {
  return (
    <Skeleton className="skeleton-screen" label={label}>
      <Bone kind="block" height="var(--profile-banner-h)" />
      <span className="skeleton-profile-head">
        <Bone kind="circle" width="var(--profile-avatar)" height="var(--profile-avatar)" />
      </span>
      <span className="skeleton-body">
        <Bone width="45%" height="1.4rem" />
        <Bone width="30%" />
        <Bone width="70%" />
        <Bone width="50%" />
        <span className="skeleton-tabs">
          {Array.from({ length: 4 }, (_, i) => (
            <Bone key={i} width="70px" height="1.8rem" />
          ))}
        </span>
        <PostCardBones count={2} />
      </span>
    </Skeleton>
  );
}

export function NotificationsSkeleton() {
  return (
    <Skeleton className="skeleton-screen">
      <HeaderBones tabs={2} />
      <span className="skeleton-body">
        <NoticeCardBones />
      </span>
    </Skeleton>
  );
}

/** Cloud 9: the sky hero, the search box, the plan cards. */
export function PlansSkeleton() {
  return (
    <Skeleton className="skeleton-screen">
      <span className="skeleton-hero" />
      <span className="skeleton-body">
        <Bone kind="block" height="42px" />
        <span className="skeleton-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="skeleton-card skeleton-plan">
              <Bone width="50%" height="1.3rem" />
              <Bone width="35%" height="1.6rem" />
              <Bone width="90%" />
              <Bone width="80%" />
              <Bone width="85%" />
            </span>
          ))}
        </span>
      </span>
    </Skeleton>
  );
}

/** Settings: the header, then a card per block with a title, a hint and a button. */
export function SettingsSkeleton() {
  return (
    <Skeleton className="skeleton-screen">
      <HeaderBones />
      <span className="skeleton-body">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="skeleton-card skeleton-settings">
            <Bone width="40%" height="1.2rem" />
            <Bone width="85%" />
            <Bone width="140px" height="40px" />
          </span>
        ))}
      </span>
    </Skeleton>
  );
}

/** A title over a list of posts (a post's thread, the bookmarks). */
export function ListSkeleton() {
  return (
    <Skeleton className="skeleton-screen">
      <span className="skeleton-body">
        <Bone width="40%" height="1.6rem" />
        <PostCardBones count={3} />
      </span>
    </Skeleton>
  );
}

/** Any other screen (the admin tools): a header line and a card. */
export function PlainSkeleton({ label }: { label?: string }) {
  return (
    <Skeleton className="skeleton-screen" label={label}>
      <span className="skeleton-body">
        <Bone width="40%" height="1.6rem" />
        <PostCardBones count={1} />
      </span>
    </Skeleton>
  );
}
