import { IsString } from 'class-validator';
import { SAFETY_MESSAGES } from '@cloud9/contracts';

/** POST /api/muted-words: the word or phrase (its length and characters are judged by normalizeMutedWord). */
export class MutedWordDto {
  @IsString({ message: SAFETY_MESSAGES.mutedWordInvalid }) word: string;
}
