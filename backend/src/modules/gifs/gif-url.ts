/**
 * A post's GIF must be an http(s) URL on one of the provider's media hosts (GIPHY_MEDIA_HOSTS,
 * host or host:port), so a post can never carry a link to anywhere else.
 */
export function isAllowedGifUrl(raw: unknown, allowedHosts: readonly string[]): boolean {
  if (typeof raw !== 'string' || raw.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  return allowedHosts.includes(url.host.toLowerCase()) || allowedHosts.includes(url.hostname.toLowerCase());
}
