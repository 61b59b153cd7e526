/**
 * Image paths: a path starting with http is used as is; any other path is prefixed
 * with the backend base address; empty paths fall back to the default image.
 */
export const DEFAULT_IMAGES = {
  thumbnail: '/images/default-avatar.svg',
  background: '/images/default-banner.svg',
} as const;

export function resolveImageUrl(path: string | null | undefined, backendBase: string, fallback: string): string {
  if (!path) return fallback;
  if (/^https?:\/\//i.test(path)) return path;
  const base = backendBase.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** media_url is treated as video when it ends in .mp4. */
export const isVideoUrl = (url: string | null | undefined): boolean => !!url && /\.mp4($|\?)/i.test(url);
