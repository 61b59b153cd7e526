import { LIMITS } from '../limits';

export interface OrderablePost {
  id: number;
  createdAt: string;
  updatedAt: string;
  isBoosted: boolean;
  isAdminBoosted: boolean;
}

const time = (iso: string) => new Date(iso).getTime();

/**
 * Feed order: one admin-boosted post, then up to 3 user-boosted posts by updatedAt
 * newest first, then the rest by createdAt newest first; each post once.
 */
export function orderFeed<T extends OrderablePost>(posts: readonly T[]): T[] {
  const seen = new Set<number>();
  const unique = posts.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  const byCreated = (a: T, b: T) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;
  const byUpdated = (a: T, b: T) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id;

  const admin = unique.filter((p) => p.isAdminBoosted).sort(byUpdated).slice(0, LIMITS.adminBoostedSlots);
  const pinned = new Set(admin.map((p) => p.id));
  const boosted = unique
    .filter((p) => p.isBoosted && !pinned.has(p.id))
    .sort(byUpdated)
    .slice(0, LIMITS.userBoostedSlots);
  boosted.forEach((p) => pinned.add(p.id));
  const rest = unique.filter((p) => !pinned.has(p.id)).sort(byCreated);
  return [...admin, ...boosted, ...rest];
}
