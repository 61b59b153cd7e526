import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LIMITS, MESSAGES, canEditProfile, canFollow, type PostCounts, type UserProfile } from '@cloud9/contracts';
import { EditProfileModal } from '../../components/profile/EditProfileModal';
import { EmptyState } from '../../components/ui/EmptyState';
import { SearchBox } from '../../components/ui/SearchBox';
import { Spinner } from '../../components/ui/Spinner';
import { avatarUrl, bannerUrl } from '../../lib/images';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { FollowToggleButton } from './FollowToggleButton';
import { ProfileFollowCounts } from './ProfileFollowCounts';
import { PROFILE_FILTERS, ProfilePosts, type ProfileFilter } from './ProfilePosts';
import { useIsFollowing } from './useIsFollowing';
import { usePostCounts } from './usePostCounts';
import { useProfile } from './useProfile';
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
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState(false);
  const [filter, setFilter] = useState<ProfileFilter>('Posts');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  const state = useProfile(username, reloadKey);
  const counts = usePostCounts(username);
  // Follow counts move by one at once, until the reloaded profile (a new object) brings the truth (spec §4).
  const [adjust, setAdjust] = useState<{ of: UserProfile; followers: number; following: number } | null>(null);
  const loaded = state.status === 'ready' ? state.profile : null;
  const mayFollow = !!loaded && canFollow(currentUser, loaded.id);
  const isFollowing = useIsFollowing(currentUser?.id ?? null, loaded?.id ?? 0, mayFollow);

  if (state.status === 'loading') return <Spinner label={MESSAGES.profile.loading} />;
  if (state.status === 'error') {
    return (
      <div className="page-error">
        <EmptyState message={state.message} />
        {state.message !== MESSAGES.profile.userNotFound && (
          <button type="button" className="btn btn-primary" onClick={() => setReloadKey((k) => k + 1)}>
            Try again
          </button>
        )}
      </div>
    );
  }

  const { profile } = state;
  const mayEdit = isOwn && canEditProfile(currentUser, profile.id);
  const delta = adjust?.of === profile ? adjust : { followers: 0, following: 0 };
  const moveCounts = (followers: number, following: number) => {
    setAdjust({ of: profile, followers: delta.followers + followers, following: delta.following + following });
    setReloadKey((k) => k + 1);
  };
  // Following someone from a list changes the viewer's own Following count, shown here only on the own profile.
  const onListToggled = (now: boolean) => moveCounts(0, isOwn ? (now ? 1 : -1) : 0);

  return (
    <section className="profile" aria-labelledby="profile-name">
      <div className="profile-banner">
        <img src={bannerUrl(profile.background)} alt="" />
      </div>
      <div className="profile-head">
        <img className="profile-avatar" src={avatarUrl(profile.thumbnail)} alt={`${profile.name || profile.username}'s profile picture`} />
        {mayEdit && (
          <button type="button" className="btn btn-ghost profile-edit" aria-haspopup="dialog" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
        )}
        {mayFollow && currentUser && isFollowing !== null && (
          <FollowToggleButton
            key={profile.id}
            viewerId={currentUser.id}
            targetId={profile.id}
            initialFollowing={isFollowing}
            onChanged={(now) => moveCounts(now ? 1 : -1, 0)}
            className="profile-edit"
          />
        )}
      </div>
      <div className="profile-info">
        <ProfileDetails profile={profile} isOwn={isOwn} />
        <ProfileFollowCounts
          key={profile.id}
          userId={profile.id}
          followers={Math.max(0, profile.followersCount + delta.followers)}
          following={Math.max(0, profile.followingCount + delta.following)}
          viewer={currentUser}
          onToggled={onListToggled}
        />
      </div>
      {isOwn && (
        <div className="profile-search">
          <SearchBox label="Search your posts" placeholder="Search your posts..." value={search} onChange={setSearch} />
        </div>
      )}
      <div className="profile-filters" role="group" aria-label="Show">
        {PROFILE_FILTERS.map((f) => (
          <button key={f} type="button" className="profile-filter" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f} <span className="profile-filter-count">{counts[COUNT_OF[f]]}</span>
          </button>
        ))}
      </div>
      <div className="profile-posts">
        <ProfilePosts username={profile.username} filter={filter} query={isOwn ? query : ''} isOwn={isOwn} />
      </div>
      {editing && currentUser && (
        <EditProfileModal user={currentUser} onClose={() => setEditing(false)} onSaved={() => setReloadKey((k) => k + 1)} />
      )}
    </section>
  );
}
