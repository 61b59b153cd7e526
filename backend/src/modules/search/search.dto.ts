import { IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@cloud9/contracts';
import { Optional } from '../../common/validation';
import { PageQueryDto } from '../../common/paging/page-query';

export class SearchQueryDto extends PageQueryDto {
  @Optional() @IsString({ message: MESSAGES.post.searchQueryRequired }) @MaxLength(200, { message: MESSAGES.http.badRequest }) query?: string;
}
