/** Live (pushed) items first, then the fetched ones, each id once. */
export function mergeLive<T extends { id: number }>(live: readonly T[], fetched: readonly T[]): T[] {
  const fetchedIds = new Set(fetched.map((item) => item.id));
  return [...live.filter((item) => !fetchedIds.has(item.id)), ...fetched];
}
