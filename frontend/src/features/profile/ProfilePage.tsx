import { useDeferredValue, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LIMITS, MESSAGES, SAFETY_UI_MESSAGES, canEditProfile, canFollow, type PostCounts, type UserProfile } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { LazyEditProfileModal } from '../../components/profile/LazyEditProfileModal';
import { EmptyState } from '../../components/ui/EmptyState';
import { ResponsiveImage } from '../../components/ui/ResponsiveImage';
import { SearchBox } from '../../components/ui/SearchBox';
import { ProfileSkeleton } from '../../components/skeletons/ScreenSkeletons';
import { avatarUrl, bannerUrl } from '../../api/images';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { DefaultBanner } from './DefaultBanner';
import { FollowToggleButton } from './FollowToggleButton';
import { MessageButton } from './MessageButton';
import { ProfileFollowCounts } from './ProfileFollowCounts';
import { useIsFollowing } from './follows';
import { ProfilePosts } from './ProfilePosts';
import { ProfileSafetyMenu } from './ProfileSafetyMenu';
import { PROFILE_FILTERS, usePostCounts, useProfile, useProfilePosts, type ProfileFilter } from './queries';
import './profile.css';

const COUNT_OF: Record<ProfileFilter, keyof PostCounts> = {
  Posts: 'posts',
  Likes: 'likes',
  Replies: 'replies',
  Reposts: 'reposts',
  Media: 'media',
};

/** Only http(s) websites become links; anything else is shown as text. */
const safeWebsite = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

function ProfileDetails({ profile, isOwn }: { profile: UserProfile; isOwn: boolean }) {
  const website = profile.website ? safeWebsite(profile.website) : null;
  const bio = profile.bio || (isOwn ? null : MESSAGES.profile.noBio);
  return (
    <>
      <h1 className="profile-name" id="profile-name">{profile.name || profile.username}</h1>
      <p className="profile-handle">@{profile.username}</p>
      {bio && <p className="profile-bio">{bio}</p>}
      <ul className="profile-meta">
        {profile.location && <li>📍 {profile.location}</li>}
        {profile.website && <li>🔗 {website ? <a href={website} target="_blank" rel="noopener noreferrer nofollow">{profile.website}</a> : profile.website}</li>}
      </ul>
    </>
  );
}

export function ProfilePage() {
  const params = useParams();
  const currentUser = useSessionStore(selectCurrentUser);
  const username = params.username ?? currentUser?.username ?? '';
  const isOwn = !!currentUser && username.toLowerCase() === currentUser.username.toLowerCase();
  const [editing, setEditing] = useState(false);
  const [filter, setFilter] = useState<ProfileFilter>('Posts');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  // A follow from here moves the cached counts by one at once and loads the profile again (follows.ts).
  const { data, error, isPending, isFetching, refetch } = useProfile(username);
  // The first profile to arrive is drawn in a deferred render, which React splits (the cache hands it
  // over in one it may not); later changes, such as a follow's count, show at once.
  const loaded = useDeferredValue(data) && data;
  const counts = usePostCounts(username);
  // The list loads beside the profile rather than after it: the first posts are what a visitor waits for.
  const posts = useProfilePosts(username, filter, isOwn ? query : '');
  const profile = error ? undefined : loaded;
  const blocked = profile?.viewer?.blocked ?? false;
  const mayFollow = !!profile && !blocked && canFollow(currentUser, profile.id);
  const isFollowing = useIsFollowing(currentUser?.id ?? null, profile?.id ?? 0, mayFollow);

  if (isPending || (error && isFetching) || (!error && !loaded)) return <ProfileSkeleton label={MESSAGES.profile.loading} />;
  if (!profile) {
    const message = error instanceof ApiRequestError && error.status === 404 ? MESSAGES.profile.userNotFound : MESSAGES.profile.somethingWentWrong;
    return (
      <div className="page-error">
        <EmptyState message={message} />
        {message !== MESSAGES.profile.userNotFound && (
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }

  const mayEdit = isOwn && canEditProfile(currentUser, profile.id);

  return (
    <section className="profile" aria-labelledby="profile-name">
      <div className="profile-banner">
        {profile.background ? (
          <ResponsiveImage src={bannerUrl(profile.background)} media={profile.backgroundMedia} sizes="(max-width: 700px) 100vw, 700px" alt="" eager />
        ) : (
          <DefaultBanner />
        )}
      </div>
      <div className="profile-head">
        <ResponsiveImage
          className="profile-avatar"
          src={avatarUrl(profile.thumbnail)}
          media={profile.thumbnail ? profile.thumbnailMedia : undefined}
          sizes="128px"
          alt={`${profile.name || profile.username}'s profile picture`}
          eager
        />
        {mayEdit && (
          <button type="button" className="btn btn-ghost profile-edit" aria-haspopup="dialog" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
        )}
        {currentUser && !isOwn && (
          <div className="profile-head-actions">
            {mayFollow && isFollowing !== null && (
              <FollowToggleButton
                key={`${profile.id}-${isFollowing}`}
                viewerId={currentUser.id}
                targetId={profile.id}
                initialFollowing={isFollowing}
                className="profile-edit"
              />
            )}
            {!blocked && <MessageButton userId={profile.id} />}
            <ProfileSafetyMenu profile={profile} />
          </div>
        )}
      </div>
      <div className="profile-info">
        <ProfileDetails profile={profile} isOwn={isOwn} />
        <ProfileFollowCounts
          key={profile.id}
          userId={profile.id}
          followers={profile.followersCount}
          following={profile.followingCount}
          viewer={currentUser}
        />
      </div>
      {isOwn && (
        <div className="profile-search">
          <SearchBox label="Search your posts" placeholder="Search your posts..." value={search} onChange={setSearch} />
        </div>
      )}
      {blocked ? (
        <p className="profile-blocked" role="status">
          {SAFETY_UI_MESSAGES.blockedProfile(profile.username)}
        </p>
      ) : (
        <>
          <div className="profile-filters" role="group" aria-label="Show">
            {PROFILE_FILTERS.map((f) => (
              <button key={f} type="button" className="profile-filter" aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {f} <span className="profile-filter-count">{counts[COUNT_OF[f]]}</span>
              </button>
            ))}
          </div>
          <div className="profile-posts">
            <ProfilePosts list={posts} filter={filter} query={isOwn ? query : ''} isOwn={isOwn} />
          </div>
        </>
      )}
      {editing && currentUser && <LazyEditProfileModal user={currentUser} onClose={() => setEditing(false)} />}
    </section>
  );
}
