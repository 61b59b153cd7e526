import { useCallback, useEffect, useState } from 'react';
import { selectUserId, useSessionStore } from '../../stores/session';
import { loadDraft, saveDraft } from './draftStorage';

/**
 * The text of a text-only composer (reply, edit), saved per user under `composer` while it differs
 * from `original` and restored when the dialog opens again, until it is sent or discarded (clear).
 */
export function useTextDraft(composer: string, original = '') {
  const userId = useSessionStore(selectUserId);
  const [text, setText] = useState(() => loadDraft(userId, composer)?.text ?? original);
  const changed = text.trim() !== original.trim();

  useEffect(() => saveDraft(userId, composer, changed ? { text, gif: null, file: null } : null), [userId, composer, text, changed]);

  const clear = useCallback(() => {
    saveDraft(userId, composer, null);
    setText(original);
  }, [userId, composer, original]);

  return { text, setText, changed, clear };
}
