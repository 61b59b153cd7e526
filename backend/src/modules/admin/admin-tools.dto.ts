import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, passwordProblem } from '@cloud9/contracts';
import { Rule } from '../../common/rule.decorator';
import { ActorId, Optional } from '../../common/validation';
import { PageQueryDto } from '../../common/paging/page-query';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const usernameRequired = { message: MESSAGES.admin.usernameRequired };
const badNames = { message: MESSAGES.admin.invalidOrphanNames };

/** POST /api/admin/reset-password {username, newPassword, adminId?}: the registration password rule. */
export class ResetPasswordDto {
  @IsString(usernameRequired) @trimmed() @IsNotEmpty(usernameRequired) @MaxLength(100, usernameRequired) username: string;
  @Rule(passwordProblem) newPassword: string;
  /** The body's actor field (number or numeric string): when sent it must be the session's user. */
  @Optional() @ActorId() adminId?: number | string;
}

/** POST /api/admin/orphaned-uploads/delete {names?}: only these (as the scan listed them); all orphans when absent. */
export class OrphanDeleteDto {
  @Optional() @IsArray(badNames) @ArrayMaxSize(100_000, badNames) @IsString({ ...badNames, each: true }) @MaxLength(1000, { ...badNames, each: true })
  names?: string[];
}

/** GET /api/admin/audit?limit=&cursor=&query= */
export class AuditQueryDto extends PageQueryDto {
  @Optional() @IsString({ message: MESSAGES.admin.invalidAuditQuery }) @MaxLength(200, { message: MESSAGES.admin.invalidAuditQuery }) query?: string;
}
