import { useCallback, useState } from 'react';
import { appendWithinLimit, clampToLimit, textLength } from '@cloud9/contracts';

export interface ComposerDraft {
  text: string;
  file: File | null;
  gif: string | null;
  gifOpen: boolean;
  emojiOpen: boolean;
  /** Text is cut to the group's post limit. */
  setText: (value: string) => void;
  /** Appends only if the result stays within the limit, then closes the panel. */
  addEmoji: (emoji: string) => void;
  setFile: (file: File | null) => void;
  /** Stores the chosen GIF and closes the picker; null removes it. */
  setGif: (url: string | null) => void;
  toggleGif: () => void;
  toggleEmoji: () => void;
  /** Clears text, file, GIF and picker flags. */
  reset: () => void;
  /** Text, a file or a GIF. */
  hasContent: boolean;
  /** For the textarea's maxLength, which counts UTF-16 units while the limit counts characters. */
  maxLength: number;
}

/** A composer's draft: shared by the home composer and the global one. */
export function useComposerDraft(limit: number): ComposerDraft {
  const [text, setTextState] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [gif, setGifState] = useState<string | null>(null);
  const [gifOpen, setGifOpen] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);

  const setText = useCallback((value: string) => setTextState(clampToLimit(value, limit)), [limit]);
  const addEmoji = useCallback(
    (emoji: string) => {
      setTextState((current) => appendWithinLimit(current, emoji, limit));
      setEmojiOpen(false);
    },
    [limit],
  );
  const setGif = useCallback((url: string | null) => {
    setGifState(url);
    setGifOpen(false);
  }, []);
  const reset = useCallback(() => {
    setTextState('');
    setFile(null);
    setGifState(null);
    setGifOpen(false);
    setEmojiOpen(false);
  }, []);

  return {
    text,
    file,
    gif,
    gifOpen,
    emojiOpen,
    setText,
    addEmoji,
    setFile,
    setGif,
    toggleGif: () => setGifOpen((open) => !open),
    toggleEmoji: () => setEmojiOpen((open) => !open),
    reset,
    hasContent: text.trim().length > 0 || file !== null || gif !== null,
    maxLength: limit + (text.length - textLength(text)),
  };
}
