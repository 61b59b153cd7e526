import { Expose, Transform } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsDefined, IsIn, IsString, MaxLength } from 'class-validator';
import { ALERT_TYPES, MESSAGES, NOTIFICATION_SEEN_KINDS, type AlertType, type NotificationSeenKind } from '@cloud9/contracts';
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

const badType = { message: MESSAGES.alertGroups.invalidType };

/** GET /api/notifications/user/:userId: `grouped=1` for groups, `type` for one alert type. */
export class AlertsQueryDto extends PageQueryDto {
  @Optional() @IsString(bad) @MaxLength(200, bad) query?: string;
  @Optional() @IsIn(['1'], { message: MESSAGES.alertGroups.invalidGrouped }) grouped?: '1';
  @Optional() @IsIn(ALERT_TYPES as AlertType[], badType) type?: AlertType;
}

const notBoolean = { message: MESSAGES.notificationSettings.notBoolean };
const SETTING_NAMES = new Set<string>(ALERT_TYPES);

/** PUT /api/notifications/settings: any of the five switches, each a JSON boolean; any other key is a 400. */
export class NotificationSettingsDto {
  @Optional() @IsBoolean(notBoolean) like?: boolean;
  @Optional() @IsBoolean(notBoolean) reply?: boolean;
  @Optional() @IsBoolean(notBoolean) repost?: boolean;
  @Optional() @IsBoolean(notBoolean) follow?: boolean;
  @Optional() @IsBoolean(notBoolean) mention?: boolean;
  /**
   * The body's keys that are no setting, collected before the pipe drops unknown fields (which it
   * does silently everywhere else): a misspelt switch must not look saved.
   */
  @Expose()
  @Transform(({ obj }: { obj: object }) => Object.keys(obj).filter((key) => !SETTING_NAMES.has(key)))
  @ArrayMaxSize(0, { message: MESSAGES.notificationSettings.unknownSetting })
  unknownKeys?: string[];
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
