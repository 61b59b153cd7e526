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
export const HiddenAccount = z.object({
  id: z.number(),
  username: z.string(),
  name: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
  /** When the viewer muted or blocked them. */
  createdAt: z.string(),
});
export type HiddenAccount = z.output<typeof HiddenAccount>;

/** GET /api/muted-words: one word or phrase, as the user wrote it (matched case-insensitively, as whole words). */
export const MutedWord = z.object({
  id: z.number(),
  word: z.string(),
  createdAt: z.string(),
});
export type MutedWord = z.output<typeof MutedWord>;


export const MuteResult = z.object({
  success: z.literal(true),
  muted: z.boolean(),
});
export type MuteResult = z.output<typeof MuteResult>;

export const BlockResult = z.object({
  success: z.literal(true),
  blocked: z.boolean(),
});
export type BlockResult = z.output<typeof BlockResult>;

export const NotInterestedResult = z.object({
  success: z.literal(true),
  notInterested: z.boolean(),
});
export type NotInterestedResult = z.output<typeof NotInterestedResult>;

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
