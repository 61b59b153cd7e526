import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsString, MaxLength } from 'class-validator';
import { MESSAGES, NOTIFICATION_SEEN_KINDS, type NotificationSeenKind } from '@cloud9/contracts';
import { ActorId, IsId, Optional, WholeNumber } from '../../common/validation';
import { PageQueryDto } from '../../common/paging/page-query';

const bad = { message: MESSAGES.http.badRequest };
/** Multipart forms send an unused field as ''; treat it as absent. */
const emptyIsAbsent = () => Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));
const badId = { message: MESSAGES.notices.invalidId };

/** POST /api/notifications/posts (JSON or multipart): `id` turns it into an edit. */
export class NoticeBodyDto {
  @Optional() @IsString({ message: MESSAGES.notices.contentOrMedia }) @MaxLength(20000, bad) message?: string;
  @Optional() @emptyIsAbsent() @WholeNumber() @IsId(badId) id?: number;
  /** The body's actor fields: when sent they must name the session's user (403 otherwise). */
  @Optional() @emptyIsAbsent() @ActorId() user_id?: number | string;
  @Optional() @emptyIsAbsent() @ActorId() group_id?: number | string;
  @Optional() @IsString(bad) username?: string;
}

/** GET /api/notifications/user/:userId */
export class AlertsQueryDto extends PageQueryDto {
  @Optional() @IsString(bad) @MaxLength(200, bad) query?: string;
}

/** GET /api/search/notifications */
export class NoticeSearchDto extends PageQueryDto {
  @Optional() @IsString({ message: MESSAGES.post.searchQueryRequired }) @MaxLength(200, bad) query?: string;
}

export class SeenDto {
  @IsDefined({ message: MESSAGES.notifications.invalidKind })
  @IsIn(NOTIFICATION_SEEN_KINDS as NotificationSeenKind[], { message: MESSAGES.notifications.invalidKind })
  kind: NotificationSeenKind;
}
