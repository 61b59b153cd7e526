import { useCallback, useEffect, useState } from 'react';
import { appendWithinLimit, clampToLimit, textLength } from '@cloud9/contracts';
import { selectUserId, useSessionStore } from '../../stores/session';
import { loadDraft, saveDraft } from './draftStorage';

export interface ComposerDraft {
  text: string;
  file: File | null;
  gif: string | null;
  /** The file's description (alt text); '' for none. */
  alt: string;
  gifOpen: boolean;
  emojiOpen: boolean;
  /** Text is cut to the group's post limit. */
  setText: (value: string) => void;
  /** Appends only if the result stays within the limit, then closes the panel. */
  addEmoji: (emoji: string) => void;
  /** A new file drops the description of the one before (unless it is the file a restored draft lost). */
  setFile: (file: File | null) => void;
  setAlt: (alt: string) => void;
  /** Stores the chosen GIF and closes the picker; null removes it. */
  setGif: (url: string | null) => void;
  toggleGif: () => void;
  toggleEmoji: () => void;
  /** Clears text, file, GIF and picker flags, and the saved draft. */
  reset: () => void;
  /** Text, a file or a GIF. */
  hasContent: boolean;
  /** A file the restored draft held that storage could not keep (its name), until a file or reset replaces it. */
  lostFileName: string | null;
  /** For the textarea's maxLength, which counts UTF-16 units while the limit counts characters. */
  maxLength: number;
}

/**
 * A composer's draft: shared by the home composer and the global one. With a `composer` name the
 * draft is saved per user as it changes and restored when the composer mounts again, until it is
 * posted or discarded (reset).
 */
export function useComposerDraft(limit: number, composer?: string): ComposerDraft {
  const userId = useSessionStore(selectUserId);
  const [restored] = useState(() => loadDraft(userId, composer));
  const [text, setTextState] = useState(restored?.text ?? '');
  const [file, setFileState] = useState<File | null>(restored?.file ?? null);
  const [gif, setGifState] = useState<string | null>(restored?.gif ?? null);
  const [alt, setAlt] = useState(restored?.alt ?? '');
  const [lostFileName, setLostFileName] = useState<string | null>(restored?.lostFileName ?? null);
  const [gifOpen, setGifOpen] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);

  useEffect(() => saveDraft(userId, composer, { text, gif, file, alt }), [userId, composer, text, gif, file, alt]);

  const setText = useCallback((value: string) => setTextState(clampToLimit(value, limit)), [limit]);
  const addEmoji = useCallback(
    (emoji: string) => {
      setTextState((current) => appendWithinLimit(current, emoji, limit));
      setEmojiOpen(false);
    },
    [limit],
  );
  const setFile = useCallback(
    (next: File | null) => {
      if (!next || next.name !== lostFileName) setAlt('');
      setFileState(next);
      setLostFileName(null);
    },
    [lostFileName],
  );
  const setGif = useCallback((url: string | null) => {
    setGifState(url);
    setGifOpen(false);
  }, []);
  const reset = useCallback(() => {
    // Cleared at once, not only by the effect: a composer that closes right after never runs it.
    saveDraft(userId, composer, null);
    setTextState('');
    setFileState(null);
    setGifState(null);
    setAlt('');
    setLostFileName(null);
    setGifOpen(false);
    setEmojiOpen(false);
  }, [userId, composer]);

  return {
    text,
    file,
    gif,
    alt,
    gifOpen,
    emojiOpen,
    setText,
    addEmoji,
    setFile,
    setAlt,
    setGif,
    toggleGif: () => setGifOpen((open) => !open),
    toggleEmoji: () => setEmojiOpen((open) => !open),
    reset,
    hasContent: text.trim().length > 0 || file !== null || gif !== null,
    lostFileName,
    maxLength: limit + (text.length - textLength(text)),
  };
}
