import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowUser } from '@cloud9/contracts';
import { profileOf, renderProfile } from './profileTestKit';
import { jsonResponse, setSession, stubFetch, testUser, type FetchCall } from '../../test/utils';
import { page } from '../../test/posts';

const fan = (id: number, username: string, isFollowing: boolean): FollowUser => ({ id, name: username.toUpperCase(), username, thumbnail: null, isFollowing });

interface Server {
  following: boolean;
  counts: Record<string, { followersCount: number; followingCount: number }>;
  followers: FollowUser[];
  followingList: FollowUser[];
  /** Hold the next follow/unfollow answer until released. */
  hold?: Promise<void>;
}

function stubServer(server: Server) {
  return stubFetch(async (raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const profile = url.pathname.match(/^\/api\/profile\/(.+)$/);
    if (profile) return jsonResponse(profileOf(profile[1], server.counts[profile[1]]));
    if (url.pathname === '/api/is-following') return jsonResponse({ isFollowing: server.following });
    if (url.pathname === '/api/follow' || url.pathname === '/api/unfollow') {
      await server.hold;
      const follow = url.pathname === '/api/follow';
      const body = JSON.parse(String(init.body));
      server.following = follow;
      if (body.followedId === 8) server.counts.other.followersCount += follow ? 1 : -1;
      if (body.followerId === 7) server.counts.skyler.followingCount += follow ? 1 : -1;
      return jsonResponse({ success: true, isFollowing: follow, followersCount: 0, followingCount: 0 });
    }
    if (url.pathname.startsWith('/api/followers/')) return jsonResponse(page(server.followers));
    if (url.pathname.startsWith('/api/following/')) return jsonResponse(page(server.followingList));
    if (url.pathname.endsWith('/counts')) return jsonResponse({ posts: 0, likes: 0, replies: 0, reposts: 0, media: 0 });
    return jsonResponse(page([]));
  });
}

const profileLoads = (calls: FetchCall[], username: string) => calls.filter((c) => c.url === `/api/profile/${username}`).length;

describe('profile follows', () => {
  beforeEach(() => setSession(testUser()));

  it("Follow reads 'Processing...' while busy, then Following (Unfollow on hover); the count moves by one and the profile reloads", async () => {
    let release = () => undefined as void;
    const server: Server = {
      following: false,
      counts: { other: { followersCount: 3, followingCount: 1 }, skyler: { followersCount: 0, followingCount: 0 } },
      followers: [],
      followingList: [],
      hold: new Promise<void>((r) => (release = r)),
    };
    const calls = stubServer(server);
    const user = userEvent.setup();
    renderProfile('/profile/other');

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
    release();

    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '4 Followers' })).toBeInTheDocument();
    const follow = calls.find((c) => c.url === '/api/follow');
    expect(JSON.parse(String(follow?.init.body))).toEqual({ followerId: 7, followedId: 8 });
    await waitFor(() => expect(profileLoads(calls, 'other')).toBe(2));
    expect(screen.getByRole('button', { name: '4 Followers' })).toBeInTheDocument();

    // The pointer that clicked is still there: no Unfollow until it moves (leaves and comes back here).
    await user.unhover(screen.getByRole('button', { name: 'Following' }));
    await user.hover(screen.getByRole('button', { name: 'Following' }));
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    await user.unhover(screen.getByRole('button', { name: 'Unfollow' }));
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();

    // Keyboard focus also reveals Unfollow.
    const following = screen.getByRole('button', { name: 'Following' });
    act(() => {
      following.blur();
      following.focus();
    });
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/unfollow')).toBe(true);
    await waitFor(() => expect(profileLoads(calls, 'other')).toBe(3));
  });

  it('starts from is-following: a followed user reads Following', async () => {
    const server: Server = { following: true, counts: { other: { followersCount: 1, followingCount: 0 } }, followers: [], followingList: [] };
    const calls = stubServer(server);
    renderProfile('/profile/other');
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/is-following?followerId=7&followedId=8')).toBe(true);
  });

  it('the own profile has no Follow button', async () => {
    const server: Server = { following: false, counts: { skyler: { followersCount: 2, followingCount: 1 } }, followers: [], followingList: [] };
    const calls = stubServer(server);
    renderProfile('/profile');
    expect(await screen.findByRole('button', { name: '2 Followers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Following' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Follow|Following|Unfollow)$/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/is-following'))).toBe(false);
  });

  it('the Followers modal lists users with links and follow buttons, none for oneself, and closes', async () => {
    const server: Server = {
      following: false,
      counts: { other: { followersCount: 2, followingCount: 0 } },
      followers: [fan(7, 'skyler', false), fan(9, 'cloudy', false)],
      followingList: [],
    };
    stubServer(server);
    const user = userEvent.setup();
    renderProfile('/profile/other');
    await user.click(await screen.findByRole('button', { name: '2 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const rows = within(await within(dialog).findByRole('list', { name: 'Followers' })).getAllByRole('listitem');
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/profile/skyler');
    expect(within(rows[0]).getByRole('link')).toHaveTextContent('SKYLER@skyler');
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('link')).toHaveAttribute('href', '/profile/cloudy');
    expect(within(rows[1]).getByRole('button', { name: 'Follow' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on the own profile, following back from the Followers list moves the Following count by one', async () => {
    const server: Server = {
      following: false,
      counts: { skyler: { followersCount: 1, followingCount: 0 } },
      followers: [fan(9, 'cloudy', false)],
      followingList: [],
    };
    stubServer(server);
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: '1 Follower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    await user.click(await within(dialog).findByRole('button', { name: 'Follow' }));
    expect(await within(dialog).findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Following' })).toBeInTheDocument();
  });
});
