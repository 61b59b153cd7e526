import { Route, Routes } from 'react-router-dom';
import type { UserProfile } from '@cloud9/contracts';
import { renderAt } from '../../test/utils';
import { ProfilePage } from './ProfilePage';

/** A profile as GET /api/profile/:username answers it: 'skyler' is the signed-in test user (id 7). */
export const profileOf = (username: string, overrides: Partial<UserProfile> = {}): UserProfile => ({
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

/** The profile routes, rendered at `path`. */
export function renderProfile(path: string) {
  return renderAt(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/:username" element={<ProfilePage />} />
    </Routes>,
    path,
  );
}
