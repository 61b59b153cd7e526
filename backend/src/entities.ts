import { AuditLogEntity } from './modules/audit/audit-log.entity';
import { SubscriptionEntity, WebhookEventEntity } from './modules/billing/billing.entities';
import { BoostEntity } from './modules/boosts/boost.entity';
import { FollowEntity } from './modules/follows/follow.entity';
import { MediaEntity } from './modules/media/media.entity';
import { NotificationSeenEntity, SystemNoticeEntity, UserAlertEntity } from './modules/notifications/notification.entities';
import { GroupEntity } from './modules/plans/group.entity';
import { PostEditEntity } from './modules/posts/post-edit.entity';
import { PostEntity } from './modules/posts/post.entity';
import { LikeEntity, RepostEntity } from './modules/posts/reaction.entities';
import { UserEntity } from './modules/users/user.entity';

export const ENTITIES = [
  GroupEntity, UserEntity, MediaEntity, PostEntity, PostEditEntity, LikeEntity, RepostEntity, FollowEntity,
  UserAlertEntity, SystemNoticeEntity, NotificationSeenEntity, BoostEntity, SubscriptionEntity,
  WebhookEventEntity, AuditLogEntity,
];
