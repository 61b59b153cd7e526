import { MESSAGES } from '@cloud9/contracts';
import { IsId, WholeNumber } from '../../common/validation';

const bad = { message: MESSAGES.boost.invalidIds };

/** POST /api/boost/request */
export class BoostRequestDto {
  @WholeNumber() @IsId(bad) userId: number;
  @WholeNumber() @IsId(bad) postId: number;
}
