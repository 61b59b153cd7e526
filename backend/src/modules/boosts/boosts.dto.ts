import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

const bad = { message: 'userId and postId must be whole numbers.' };

/** POST /api/boost/request */
export class BoostRequestDto {
  @Type(() => Number) @IsInt(bad) @Min(1, bad) userId: number;
  @Type(() => Number) @IsInt(bad) @Min(1, bad) postId: number;
}
