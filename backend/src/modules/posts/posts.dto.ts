import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FEED_CATEGORIES, MESSAGES, PAGING } from '@cloud9/contracts';

const bad = { message: MESSAGES.http.badRequest };
/** Multipart forms send an unused field as ''; treat it as absent. */
const emptyIsAbsent = () => Transform(({ value }) => (value === '' ? undefined : value));

/** POST /api/posts (JSON or multipart). Content rules that need the file are checked in the service. */
export class CreatePostDto {
  @IsOptional() @IsString(bad) @MaxLength(20000, bad) content?: string;
  @IsOptional() @emptyIsAbsent() @IsIn(FEED_CATEGORIES, { message: MESSAGES.post.categoryInvalid }) category?: string;
  @IsOptional() @emptyIsAbsent() @IsString({ message: MESSAGES.post.gifInvalid }) gif?: string;
  /** The spec's actor field: when sent it must name the session's user. */
  @IsOptional() @IsString(bad) username?: string;
}

export class ReplyDto {
  @IsOptional() @IsString({ message: MESSAGES.post.replyEmpty }) @MaxLength(20000, bad) content?: string;
  @IsOptional() @IsString(bad) username?: string;
}

export class EditPostDto {
  @IsOptional() @IsString({ message: MESSAGES.post.editEmpty }) @MaxLength(20000, bad) content?: string;
  /** The spec's actor field (number or numeric string): must be the session's user. */
  @IsOptional() userId?: unknown;
}

/** Like / repost bodies may name the actor (spec §7); nothing else is read. */
export class ActorDto {
  @IsOptional() @IsString(bad) username?: string;
}

export class PageQueryDto {
  @IsOptional() @Type(() => Number) @IsInt(bad) @Min(1, bad) @Max(PAGING.maxLimit, bad) limit?: number;
  @IsOptional() @IsString({ message: MESSAGES.post.invalidCursor }) @MaxLength(500, { message: MESSAGES.post.invalidCursor }) cursor?: string;
}

export class FeedQueryDto extends PageQueryDto {
  @IsOptional() @IsIn(['following', 'foryou', 'for-you', 'all'], bad) tab?: string;
  @IsOptional() @emptyIsAbsent() @IsString(bad) @MaxLength(100, bad) username?: string;
  @IsOptional() @IsString(bad) @MaxLength(200, bad) search?: string;
  @IsOptional() @emptyIsAbsent() @IsIn(FEED_CATEGORIES, { message: MESSAGES.post.categoryInvalid }) category?: string;
}

export class SearchQueryDto extends PageQueryDto {
  @IsOptional() @IsString({ message: MESSAGES.post.searchQueryRequired }) @MaxLength(200, bad) query?: string;
}
