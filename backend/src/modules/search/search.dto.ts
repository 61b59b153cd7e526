import { IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@cloud9/contracts';
import { Optional } from '../../common/validation';
import { PageQueryDto } from '../../common/paging/page-query';

/** The longest search text. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

export class SearchQueryDto extends PageQueryDto {
  @Optional() @IsString({ message: MESSAGES.post.searchQueryRequired }) @MaxLength(SEARCH_QUERY_MAX_LENGTH, { message: MESSAGES.http.badRequest }) query?: string;
}
