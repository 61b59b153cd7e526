import { persisted } from '../../lib/persisted';

/**
 * Where composers keep their unsent drafts: text, GIF and the file's description in browser storage per user and composer,
 * so a reload or a closed tab loses nothing. Storage cannot hold a chosen file, so the file is kept
 * in memory for the visit (a composer opened again before a reload gets it back) and storage keeps
 * only its name, to tell the user after a reload that it must be chosen again.
 */
const heldFiles = new Map<string, File>();
const heldKey = (userId: number, composer: string) => `${userId}:${composer}`;

export interface DraftContent {
  text: string;
  gif: string | null;
  file: File | null;
  /** The file's description (alt text), kept with the draft; '' for none. */
  alt?: string;
}

export interface RestoredDraft extends DraftContent {
  /** The name of a file the draft held that could not be brought back (after a reload). */
  lostFileName: string | null;
}

const isEmpty = (draft: DraftContent) => !draft.text.trim() && !draft.gif && !draft.file && !draft.alt?.trim();

/** The saved draft of `composer` for the user, or null (no user, no composer, nothing saved). */
export function loadDraft(userId: number | null, composer: string | undefined): RestoredDraft | null {
  if (userId === null || !composer) return null;
  const stored = persisted.composerDraft(userId, composer).get();
  if (!stored) return null;
  const held = heldFiles.get(heldKey(userId, composer));
  const file = stored.fileName !== null && held?.name === stored.fileName ? held : null;
  return { text: stored.text, gif: stored.gif, file, alt: stored.alt ?? '', lostFileName: stored.fileName !== null && !file ? stored.fileName : null };
}

/** Saves the draft; an empty one (or null) removes what was saved. */
export function saveDraft(userId: number | null, composer: string | undefined, draft: DraftContent | null): void {
  if (userId === null || !composer) return;
  const item = persisted.composerDraft(userId, composer);
  const key = heldKey(userId, composer);
  if (!draft || isEmpty(draft)) {
    item.remove();
    heldFiles.delete(key);
    return;
  }
  item.set({ text: draft.text, gif: draft.gif, fileName: draft.file?.name ?? null, ...(draft.alt && { alt: draft.alt }) });
  if (draft.file) heldFiles.set(key, draft.file);
  else heldFiles.delete(key);
}
