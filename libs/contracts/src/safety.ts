/** Mutes, blocks, muted words and Not interested: the limits and wire shapes both sides use. */
import * as z from 'zod/mini';
import { text } from './schema-kit';

export const SAFETY_RULES = {
  /** A muted word or phrase, in characters (code points), after trimming. */
  mutedWordMax: 100,
  /** Muted words and phrases one account may keep. */
  mutedWordsMax: 200,
  /** Accounts one account may mute, and block: every read of theirs filters by these lists, so they are bounded. */
  mutesMax: 5000,
  blocksMax: 5000,
} as const;

/** One account on the viewer's muted or blocked list (GET /api/mutes, GET /api/blocks). */
export interface HiddenAccount {
  id: number;
  username: string;
  name: string | null;
  thumbnail: string | null;
  /** When the viewer muted or blocked them. */
  createdAt: string;
}

/** GET /api/muted-words: one word or phrase, as the user wrote it (matched case-insensitively, as whole words). */
export interface MutedWord {
  id: number;
  word: string;
  createdAt: string;
}


export interface MuteResult {
  success: true;
  muted: boolean;
}

export interface BlockResult {
  success: true;
  blocked: boolean;
}

export interface NotInterestedResult {
  success: true;
  notInterested: boolean;
}

/** Kept apart from MESSAGES, which every page loads (the sign-in page too): only the screens that manage these lists need them. */
export const SAFETY_MESSAGES = {
  cannotMuteSelf: 'You cannot mute yourself.',
  cannotBlockSelf: 'You cannot block yourself.',
  mutedWordInvalid: `Enter a word or phrase of 1 to ${SAFETY_RULES.mutedWordMax} characters.`,
  tooManyMutedWords: `You can mute at most ${SAFETY_RULES.mutedWordsMax} words or phrases. Remove one to add another.`,
  mutedWordNotFound: 'That muted word was not found.',
  tooManyMutes: `You can mute at most ${SAFETY_RULES.mutesMax} accounts. Unmute one to mute another.`,
  tooManyBlocks: `You can block at most ${SAFETY_RULES.blocksMax} accounts. Unblock one to block another.`,
} as const;

/** POST /api/muted-words: the word or phrase (its length and characters are judged by normalizeMutedWord). */
export const MutedWordBody = z.object({ word: text(SAFETY_MESSAGES.mutedWordInvalid) });
export type MutedWordBody = z.output<typeof MutedWordBody>;
