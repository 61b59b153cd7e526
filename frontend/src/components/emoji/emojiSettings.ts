import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_EMOJI_SETTINGS, type EmojiSettings } from '@cloud9/contracts';
import { persisted } from '../../lib/persisted';
import { selectUserId, useSessionStore } from '../../stores/session';

/**
 * The signed-in user's emoji picker settings (style, suggestion mode), kept per user in browser
 * storage, and a setter; the defaults without a user or a stored choice. Every reader follows a change
 * at once (Settings and an open picker alike).
 */
export function useEmojiSettings(): [EmojiSettings, (change: Partial<EmojiSettings>) => void] {
  const userId = useSessionStore(selectUserId);
  const item = useMemo(() => (userId === null ? null : persisted.emojiSettings(userId)), [userId]);
  const subscribe = useCallback((listener: () => void) => item?.subscribe(listener) ?? (() => undefined), [item]);
  // The stored JSON string is the snapshot: parsed objects would differ on every read.
  const raw = useSyncExternalStore(subscribe, () => JSON.stringify(item?.get() ?? DEFAULT_EMOJI_SETTINGS));
  const settings = useMemo(() => JSON.parse(raw) as EmojiSettings, [raw]);
  const update = useCallback((change: Partial<EmojiSettings>) => item?.set({ ...(item.get() ?? DEFAULT_EMOJI_SETTINGS), ...change }), [item]);
  return [settings, update];
}
