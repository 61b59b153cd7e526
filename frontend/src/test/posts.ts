import type { Page, Post } from '@cloud9/contracts';

/** A post as the API sends it; override what a test cares about. */
export const makePost = (overrides: Partial<Post> = {}): Post => ({
  id: 1,
  user_id: 8,
  username: 'other',
  name: 'Other Person',
  content: 'Hello from above the clouds.',
  mentions: [],
  tags: [],
  category: 'General',
  thumbnail: null,
  postUser: { name: 'Other Person', thumbnail: null },
  media_url: null,
  media_mime: null,
  media_alt: null,
  gif_url: null,
  likes: 0,
  repliesCount: 0,
  repostsCount: 0,
  likedByMe: false,
  repostedByMe: false,
  bookmarked: false,
  isBoosted: false,
  isAdminBoosted: false,
  parent_id: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  editedAt: null,
  ...overrides,
});

export const page = <T>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });
