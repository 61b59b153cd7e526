import { Transform } from 'class-transformer';
import { IsDefined, IsInt, Max, Min } from 'class-validator';
import { MESSAGES } from '@cloud9/contracts';

const bad = { message: MESSAGES.follow.invalidId };
/** A JSON number, or a string of digits (query strings, older clients); anything else stays as sent and fails. */
const toId = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value));

/** POST /api/follow, /api/unfollow and GET /api/is-following: both ids positive whole numbers. */
export class FollowPairDto {
  @toId() @IsDefined(bad) @IsInt(bad) @Min(1, bad) @Max(Number.MAX_SAFE_INTEGER, bad) followerId: number;
  @toId() @IsDefined(bad) @IsInt(bad) @Min(1, bad) @Max(Number.MAX_SAFE_INTEGER, bad) followedId: number;
}
