import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Post, type UserProfile } from '@cloud9/contracts';
import { profileOf, renderProfile } from './profileTestKit';
import { jsonResponse, setSession, stubFetch, testUser } from '../../test/utils';
import { makePost, page } from '../../test/posts';

const COUNTS = { posts: 2, likes: 5, replies: 1, reposts: 0, media: 4 };

/** Answers the profile, counts and every list; `lists` overrides a list by its path. */
function stubProfileApi(lists: Record<string, Post[]> = {}, profile: Partial<UserProfile> = {}) {
  return stubFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    const profileMatch = url.pathname.match(/^\/api\/profile\/(.+)$/);
    if (profileMatch) return jsonResponse(profileOf(profileMatch[1], profile));
    if (url.pathname.endsWith('/counts')) return jsonResponse(COUNTS);
    if (url.pathname.startsWith('/api/group/')) return jsonResponse({ postLimit: 300 });
    const key = url.pathname === '/api/posts' ? 'posts' : url.pathname.startsWith('/api/search/profile/') ? 'search' : url.pathname.split('/').pop() ?? '';
    return jsonResponse(page(lists[key] ?? []));
  });
}

describe('ProfilePage', () => {
  beforeEach(() => setSession(testUser()));

  it('/profile loads the own profile: Loading... first, then Edit Profile and the own search box', async () => {
    const calls = stubProfileApi({}, { bio: 'Head in the clouds.' });
    renderProfile('/profile');
    expect(screen.getByText(MESSAGES.profile.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Skyler Blue' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/profile/skyler');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search your posts...')).toHaveAttribute('data-page-search');
    expect(screen.getByText('Followers').parentElement).toHaveTextContent('3 Followers');
    expect(await screen.findByText(MESSAGES.empty.noPostsFound)).toBeInTheDocument();
  });

  it('asks for the first posts together with the profile, not after it has arrived', async () => {
    const calls = stubFetch((raw) => (raw.startsWith('/api/profile/') ? new Promise<Response>(() => undefined) : jsonResponse(page([]))));
    renderProfile('/profile');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/posts?limit=20&username=skyler'));
    expect(screen.getByText(MESSAGES.profile.loading)).toBeInTheDocument();
  });

  it("another user's profile has no Edit Profile button and falls back to 'No bio available.'", async () => {
    stubProfileApi();
    renderProfile('/profile/other');
    expect(await screen.findByRole('heading', { name: 'Other Person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.profile.noBio)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search your posts...')).not.toBeInTheDocument();
  });

  it('draws the default banner inline (no image to fetch) and shows an own banner as an image', async () => {
    stubProfileApi();
    const { container, unmount } = renderProfile('/profile/other');
    await screen.findByRole('heading', { name: 'Other Person' });
    expect(container.querySelector('.profile-banner svg.profile-banner-default')).not.toBeNull();
    expect(container.querySelector('.profile-banner img')).toBeNull();
    unmount();

    stubProfileApi({}, { background: '/uploads/banner.png' });
    const own = renderProfile('/profile/other');
    await screen.findByRole('heading', { name: 'Other Person' });
    expect(own.container.querySelector('.profile-banner img')?.getAttribute('src')).toMatch(/\/uploads\/banner\.png$/);
    expect(own.container.querySelector('.profile-banner-default')).toBeNull();
  });

  it('Edit Profile opens the modal; Cancel closes it', async () => {
    stubProfileApi();
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    // The form's code loads when it is first opened.
    expect(await screen.findByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an unknown user shows "User not found."', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'User not found.', statusCode: 404 }, 404));
    renderProfile('/profile/ghost');
    expect(await screen.findByText(MESSAGES.profile.userNotFound)).toBeInTheDocument();
  });

  it('filter buttons carry the counts and each empty list says so', async () => {
    const calls = stubProfileApi();
    const user = userEvent.setup();
    renderProfile('/profile/other');
    const filters = await screen.findByRole('group', { name: 'Show' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: /Likes/ })).toHaveTextContent('Likes 5'));
    expect(within(filters).getByRole('button', { name: /Media/ })).toHaveTextContent('Media 4');
    expect(await screen.findByText(MESSAGES.empty.noPostsFound)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/posts?') && c.url.includes('username=other'))).toBe(true);

    const expectations: [string, string, string][] = [
      ['Likes', 'No likes yet.', '/api/users/other/liked-posts'],
      ['Replies', 'No replies yet.', '/api/users/other/replies'],
      ['Reposts', 'No reposts yet.', '/api/users/other/reposts'],
      ['Media', 'No media yet.', '/api/users/other/media'],
    ];
    for (const [filter, message, path] of expectations) {
      await user.click(within(filters).getByRole('button', { name: new RegExp(filter) }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(calls.some((c) => c.url.startsWith(path))).toBe(true);
    }
  });

  it('replies show the original post above the reply; public posts cut at 200 with Show less', async () => {
    const original = makePost({ id: 10, content: `${'o'.repeat(300)}MORE`, username: 'nimbus' });
    const reply = makePost({ id: 11, user_id: 8, content: `${'r'.repeat(220)}`, originalPost: original, parent_id: 10 });
    stubProfileApi({ replies: [reply] });
    const user = userEvent.setup();
    renderProfile('/profile/other');
    await user.click(await screen.findByRole('button', { name: /Replies/ }));
    const articles = await screen.findAllByRole('article');
    expect(articles[0]).toHaveTextContent(`${'o'.repeat(300)}…`);
    expect(articles[1]).toHaveTextContent(`${'r'.repeat(200)}…`);
    await user.click(within(articles[1]).getByRole('button', { name: 'Show more' }));
    expect(within(articles[1]).getByRole('button', { name: 'Show less' })).toBeInTheDocument();
    await user.click(within(articles[0]).getByRole('button', { name: 'Show more' }));
    expect(screen.getByRole('dialog', { name: 'Post by @nimbus' })).toHaveTextContent('MORE');
  });

  it('the own search box searches the profile after a pause', async () => {
    const calls = stubProfileApi({ search: [] });
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.type(await screen.findByPlaceholderText('Search your posts...'), 'sun');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/search/profile/skyler?query=sun')).toBe(true));
    // Debounced: the partial words were never sent.
    expect(calls.some((c) => c.url === '/api/search/profile/skyler?query=s' || c.url === '/api/search/profile/skyler?query=su')).toBe(false);
    expect(await screen.findByText(MESSAGES.empty.noPostsFound)).toBeInTheDocument();
  });
});
