import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { ALT_TEXT, ALT_TEXT_MESSAGES, FEED_CATEGORIES, MESSAGES } from '@cloud9/contracts';
import { ActorId, Nullable, Optional } from '../../common/validation';
import { PageQueryDto } from '../../common/paging/page-query';

const bad = { message: MESSAGES.http.badRequest };
const badTag = { message: MESSAGES.hashtags.invalidTag };
/**
 * A description of the upload (alt text): text or null. Its length is judged by the service on the
 * normalised text (code points); this bound only keeps absurd bodies out before that.
 */
const AltText = () => applyDecorators(
  Nullable(),
  IsString({ message: ALT_TEXT_MESSAGES.invalid }),
  MaxLength(ALT_TEXT.maxLength * 8, { message: ALT_TEXT_MESSAGES.tooLong }),
);
/** Multipart forms send an unused field as ''; treat it as absent. */
const emptyIsAbsent = () => Transform(({ value }) => (value === '' ? undefined : value));

/** POST /api/posts (JSON or multipart). Content rules that need the file are checked in the service. */
export class CreatePostDto {
  @Optional() @IsString(bad) @MaxLength(20000, bad) content?: string;
  @Optional() @emptyIsAbsent() @IsIn(FEED_CATEGORIES, { message: MESSAGES.post.categoryInvalid }) category?: string;
  /** The app's composer sends `gif: null` for a post without one. */
  @Nullable() @emptyIsAbsent() @IsString({ message: MESSAGES.post.gifInvalid }) gif?: string | null;
  /** The body's actor field: when sent it must name the session's user. */
  @Optional() @IsString(bad) username?: string;
  @AltText() alt?: string | null;
}

export class ReplyDto {
  @Optional() @IsString({ message: MESSAGES.post.replyEmpty }) @MaxLength(20000, bad) content?: string;
  @Optional() @IsString(bad) username?: string;
  @AltText() alt?: string | null;
}

export class EditPostDto {
  @Optional() @IsString({ message: MESSAGES.post.editEmpty }) @MaxLength(20000, bad) content?: string;
  /** Absent keeps the description; null or blank removes it. */
  @AltText() alt?: string | null;
  /** The body's actor field (number or numeric string): must be the session's user. */
  @Optional() @ActorId() userId?: number | string;
}

/** Like / repost bodies may name the actor; nothing else is read. */
export class ActorDto {
  @Optional() @IsString(bad) username?: string;
}

export class FeedQueryDto extends PageQueryDto {
  @Optional() @IsIn(['following', 'foryou', 'for-you', 'all'], bad) tab?: string;
  @Optional() @emptyIsAbsent() @IsString(bad) @MaxLength(100, bad) username?: string;
  @Optional() @IsString(bad) @MaxLength(200, bad) search?: string;
  @Optional() @emptyIsAbsent() @IsIn(FEED_CATEGORIES, { message: MESSAGES.post.categoryInvalid }) category?: string;
  /** A hashtag feed (see tagOf); it stands alone. */
  @Optional() @IsString(badTag) @MaxLength(300, badTag) tag?: string;
}
