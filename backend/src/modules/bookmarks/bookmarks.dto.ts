import { MESSAGES } from '@cloud9/contracts';
import { IsId, WholeNumber } from '../../common/validation';

/** POST /api/bookmarks: only the post; the owner is the session's user. */
export class BookmarkDto {
  @WholeNumber() @IsId({ message: MESSAGES.bookmarks.invalidPostId }) postId: number;
}
