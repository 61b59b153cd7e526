import {
  STORAGE_KEYS,
  isEmojiStyle,
  isEmojiSuggestionMode,
  isFeedCategory,
  type CurrentUser,
  type EmojiSettings,
  type EmojiUsage,
  type FeedCategory,
  type GroupLimits,
  type Post,
} from '@cloud9/contracts';

/**
 * The one owner of browser storage. Every key the app keeps there has a typed item here: `get`
 * answers null for a missing key, for storage that is disabled or throws, and for values that do
 * not parse as the item's type; `set` and `remove` never throw. When storage refuses a write (full,
 * disabled, private mode), the value is held in memory for this visit, so the app keeps working.
 */
export interface PersistedItem<T> {
  get: () => T | null;
  set: (value: T) => void;
  remove: () => void;
  /** Called after every `set` or `remove` of this key in this tab. */
  subscribe: (listener: () => void) => () => void;
}

interface Codec<T> {
  parse: (raw: string) => T | null;
  serialize: (value: T) => string;
}

/** Values storage refused to take, by key (null: a removal it refused). */
const heldInMemory = new Map<string, string | null>();
const listeners = new Map<string, Set<() => void>>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some sandboxed pages throw on the mere access.
    return null;
  }
}

function readRaw(key: string): string | null {
  if (heldInMemory.has(key)) return heldInMemory.get(key) ?? null;
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeRaw(key: string, raw: string | null): void {
  try {
    const store = storage();
    if (!store) throw new Error('No storage');
    if (raw === null) store.removeItem(key);
    else store.setItem(key, raw);
    heldInMemory.delete(key);
  } catch {
    heldInMemory.set(key, raw);
  }
  for (const listener of listeners.get(key) ?? []) listener();
}

function item<T>(key: string, codec: Codec<T>): PersistedItem<T> {
  return {
    get: () => {
      const raw = readRaw(key);
      if (raw === null) return null;
      try {
        return codec.parse(raw);
      } catch {
        return null;
      }
    },
    set: (value) => writeRaw(key, codec.serialize(value)),
    remove: () => writeRaw(key, null),
    subscribe: (listener) => {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Plain JSON (the stored format of these keys), kept only when `valid` accepts it. */
const json = <T>(valid: (value: unknown) => value is T): Codec<T> => ({
  parse: (raw) => {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  },
  serialize: (value) => JSON.stringify(value),
});

const text: Codec<string> = { parse: (raw) => raw, serialize: (value) => value };

const isStoredUser = (value: unknown): value is CurrentUser => isObject(value) && typeof value.username === 'string';
const isStoredLimits = (value: unknown): value is GroupLimits => isObject(value) && typeof value.postLimit === 'number';

/** A composer's unsent draft. A chosen file cannot be stored, only its name (to say it was not kept). */
export interface StoredDraft {
  text: string;
  gif: string | null;
  fileName: string | null;
  /** The chosen file's description (absent in drafts saved without one). */
  alt?: string;
}
const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const isStoredDraft = (value: unknown): value is StoredDraft =>
  isObject(value) &&
  typeof value.text === 'string' &&
  isNullableString(value.gif) &&
  isNullableString(value.fileName) &&
  (value.alt === undefined || typeof value.alt === 'string');
const isEmojiSettings = (value: unknown): value is EmojiSettings =>
  isObject(value) && isEmojiStyle(value.style) && isEmojiSuggestionMode(value.suggestionMode);
const isEmojiUsage = (value: unknown): value is EmojiUsage =>
  isObject(value) &&
  Object.values(value).every((use) => isObject(use) && Number.isInteger(use.count) && (use.count as number) > 0 && typeof use.lastUsed === 'number');

/** A page of posts as the server sent it; only its outline is checked (it is shown read-only). */
const isStoredPosts = (value: unknown): value is Post[] => Array.isArray(value) && value.every((post) => isObject(post) && typeof post.id === 'number');

const category: Codec<FeedCategory> = { parse: (raw) => (isFeedCategory(raw) ? raw : null), serialize: (value) => value };

/** Every stored key of the app, under its fixed name (contracts STORAGE_KEYS). */
export const persisted = {
  currentUser: item(STORAGE_KEYS.currentUser, json(isStoredUser)),
  groupLimits: item(STORAGE_KEYS.groupLimits, json(isStoredLimits)),
  /** The feed chosen in the side panel, which Home shows. */
  selectedCategory: item(STORAGE_KEYS.selectedCategory, category),
  /**
   * The colour theme last chosen here or read from the account, as plain text (index.html's first
   * script reads it: contracts THEME_BOOT_SCRIPT). Checked by its reader (stores/theme.ts), so that
   * the boot script, which carries this file, carries no theme code.
   */
  theme: item(STORAGE_KEYS.theme, text),
  latestUserAlert: item(STORAGE_KEYS.latestUserAlert, text),
  latestSystemNotice: item(STORAGE_KEYS.latestSystemNotice, text),
  lastSeenUserAlerts: (userId: number) => item(STORAGE_KEYS.lastSeenUserAlerts(userId), text),
  lastSeenSystemNotices: (userId: number) => item(STORAGE_KEYS.lastSeenSystemNotices(userId), text),
  /** `composer`: global, home, reply-<post id>, edit-<post id> or edit-<post id>-alt (the edited upload's description). */
  composerDraft: (userId: number, composer: string) => item(STORAGE_KEYS.composerDraft(userId, composer), json(isStoredDraft)),
  emojiSettings: (userId: number) => item(STORAGE_KEYS.emojiSettings(userId), json(isEmojiSettings)),
  emojiUsage: (userId: number) => item(STORAGE_KEYS.emojiUsage(userId), json(isEmojiUsage)),
  /** Home's last first page (default feed), for opening offline. */
  homeFirstPage: (userId: number) => item(STORAGE_KEYS.homeFirstPage(userId), json(isStoredPosts)),
};
