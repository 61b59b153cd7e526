import { ArrayMaxSize, IsArray, IsIn, IsString } from 'class-validator';
import {
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_RULES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type ModerationAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '@cloud9/contracts';
import { PageQueryDto } from '../../common/paging/page-query';
import { CodePointsAtMost, IsId, Optional, WholeNumber } from '../../common/validation';

const M = MODERATION_MESSAGES;

/** POST /api/reports: the reporter is the session's user. */
export class ReportDto {
  @IsIn(REPORT_TARGET_TYPES, { message: M.invalidTargetType }) targetType: ReportTargetType;
  @WholeNumber() @IsId({ message: M.invalidTargetId }) targetId: number;
  @IsIn(REPORT_REASONS, { message: M.invalidReason }) reason: ReportReason;
  @Optional() @IsString({ message: M.commentTooLong }) @CodePointsAtMost(REPORT_RULES.commentMax, { message: M.commentTooLong }) comment?: string;
  @Optional()
  @IsArray({ message: M.invalidPostIds })
  @ArrayMaxSize(REPORT_RULES.postIdsMax, { message: M.invalidPostIds })
  @IsId({ each: true, message: M.invalidPostIds })
  postIds?: number[];
}

/** GET /api/moderation/reports */
export class ModerationQueryDto extends PageQueryDto {
  @Optional() @IsIn(REPORT_STATUSES, { message: M.invalidStatus }) status?: ReportStatus;
  @Optional() @IsIn(REPORT_REASONS, { message: M.invalidReason }) reason?: ReportReason;
}

/** POST /api/moderation/reports/:id/actions: the staff member is the session's user. */
export class ModerationActionDto {
  @IsIn(MODERATION_ACTIONS, { message: M.invalidAction }) action: ModerationAction;
  @Optional() @IsString({ message: M.actionTextTooLong }) @CodePointsAtMost(REPORT_RULES.actionTextMax, { message: M.actionTextTooLong }) text?: string;
  @Optional() @IsString({ message: M.invalidUntil }) until?: string;
}
