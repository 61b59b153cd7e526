/**
 * Tells the GIF analytics that a post carrying the GIF at `url` was created. The analytics code
 * comes with the pickers' chunk, so it is loaded here only when there is a GIF (it is then already
 * loaded: the GIF was chosen in a picker).
 */
export function reportGifSentLater(url: string | null): void {
  if (!url) return;
  void import('./gifPingbacks').then((m) => m.reportGifSent(url)).catch(() => undefined);
}
