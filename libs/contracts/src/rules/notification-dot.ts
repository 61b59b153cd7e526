/**
 * The dot rule: shown when the newest item is a valid date and either nothing was
 * seen yet or it is later than the last-seen time.
 */
export function shouldShowDot(latest: string | null | undefined, lastSeen: string | null | undefined): boolean {
  if (!latest) return false;
  const latestMs = Date.parse(latest);
  if (Number.isNaN(latestMs)) return false;
  if (!lastSeen) return true;
  const seenMs = Date.parse(lastSeen);
  if (Number.isNaN(seenMs)) return true;
  return latestMs > seenMs;
}
