import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES, type UserProfile } from '@cloud9/contracts';
import { ProfilePage } from './ProfilePage';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const profileOf = (username: string, overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: username === 'skyler' ? 7 : 8,
  username,
  name: username === 'skyler' ? 'Skyler Blue' : 'Other Person',
  bio: null,
  thumbnail: null,
  background: null,
  location: null,
  website: null,
  group_id: 5,
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 3,
  followingCount: 4,
  ...overrides,
});

function renderProfile(path: string) {
  return renderAt(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/:username" element={<ProfilePage />} />
    </Routes>,
    path,
  );
}

describe('ProfilePage', () => {
  beforeEach(() => setSession(testUser()));

  it('/profile loads the own profile: Loading... first, then Edit Profile and the own search box', async () => {
    const calls = stubFetch((url) => jsonResponse(profileOf(url.split('/').pop() ?? '', { bio: 'Head in the clouds.' })));
    renderProfile('/profile');
    expect(screen.getByText(MESSAGES.profile.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Skyler Blue' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/profile/skyler');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search your posts...')).toHaveAttribute('data-page-search');
    expect(screen.getByText('Followers').parentElement).toHaveTextContent('3 Followers');
    expect(screen.getByText(MESSAGES.empty.noPostsFound)).toBeInTheDocument();
  });

  it("another user's profile has no Edit Profile button and falls back to 'No bio available.'", async () => {
    stubFetch((url) => jsonResponse(profileOf(url.split('/').pop() ?? '')));
    renderProfile('/profile/other');
    expect(await screen.findByRole('heading', { name: 'Other Person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.profile.noBio)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search your posts...')).not.toBeInTheDocument();
  });

  it('Edit Profile opens the modal; Cancel closes it', async () => {
    stubFetch((url) => jsonResponse(profileOf(url.split('/').pop() ?? '')));
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an unknown user shows "User not found."', async () => {
    stubFetch(() => jsonResponse({ success: false, error: 'User not found.', statusCode: 404 }, 404));
    renderProfile('/profile/ghost');
    expect(await screen.findByText(MESSAGES.profile.userNotFound)).toBeInTheDocument();
  });
});
