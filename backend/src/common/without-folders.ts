/**
 * Absolute POSIX paths inside a text (after its start, a space, a quote, a bracket, '=' or ','):
 * their folders go, their last name stays. A URL's '//' is not one (the first slash follows ':').
 */
const ABSOLUTE_PATH = /(^|[\s'"`([{=,])\/(?:[^\s'"`/:,;()[\]{}]+\/)*([^\s'"`/:,;()[\]{}]+)/g;

/** The text with every absolute path cut to its file name: the server's folders are nobody's business. */
export const withoutFolders = (text: string): string => text.replace(ABSOLUTE_PATH, '$1$2');

/** The same for every string inside a JSON-like value (audit details). */
export function withoutFoldersDeep<T>(value: T): T {
  if (typeof value === 'string') return withoutFolders(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => withoutFoldersDeep(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutFoldersDeep(v)])) as T;
  }
  return value;
}
