import { IsDefined } from 'class-validator';
import { MESSAGES } from '@cloud9/contracts';
import { IsId, WholeNumber } from '../../common/validation';

const bad = { message: MESSAGES.follow.invalidId };

/** POST /api/follow, /api/unfollow and GET /api/is-following: both ids positive whole numbers. */
export class FollowPairDto {
  @WholeNumber() @IsDefined(bad) @IsId(bad) followerId: number;
  @WholeNumber() @IsDefined(bad) @IsId(bad) followedId: number;
}
