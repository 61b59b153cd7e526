import { Transform } from 'class-transformer';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { ACCOUNT_RULES, emailProblem, MESSAGES, passwordProblem, usernamePrefixProblem, usernameProblem } from '@cloud9/contracts';
import { Rule } from '../../common/rule.decorator';
import { Optional } from '../../common/validation';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const tooLong = (field: string, max: number) => ({ message: MESSAGES.profile.fieldTooLong(field, max) });
const text = (field: string, max: number) => (target: object, key: string) => {
  Optional()(target, key);
  IsString(tooLong(field, max))(target, key);
  MaxLength(max, tooLong(field, max))(target, key);
  trimmed()(target, key);
};

export class RegisterDto {
  @Rule(usernameProblem) @trimmed() username: string;
  @Rule(emailProblem) @trimmed() email: string;
  @Rule(passwordProblem) password: string;
  @Optional() @IsString({ message: MESSAGES.auth.passwordsDoNotMatch }) confirmPassword?: string;
}

/** Multipart or JSON profile fields; an empty string clears an optional field. */
export class UpdateProfileDto {
  @text('Name', ACCOUNT_RULES.nameMax) name?: string;
  @ValidateIf((o: UpdateProfileDto) => o.email !== undefined && o.email !== '') @Rule(emailProblem) @trimmed() email?: string;
  @text('Bio', ACCOUNT_RULES.bioMax) bio?: string;
  @text('Birthdate', 10) birthdate?: string;
  @text('Phone', ACCOUNT_RULES.phoneMax) phone?: string;
  @text('Location', ACCOUNT_RULES.locationMax) location?: string;
  @text('Website', ACCOUNT_RULES.websiteMax) website?: string;
  @ValidateIf((o: UpdateProfileDto) => o.password !== undefined && o.password !== '') @Rule(passwordProblem) password?: string;
  @Optional() @IsString({ message: MESSAGES.auth.passwordsDoNotMatch }) confirmPassword?: string;
  /** Needed with a new password (never stored, never echoed). */
  @Optional() @IsString({ message: MESSAGES.auth.currentPasswordRequired }) @MaxLength(256, { message: MESSAGES.auth.currentPasswordWrong }) currentPassword?: string;
}

/** `?prefix=`: the start of a username, without `@`. */
export class UsernameSuggestQueryDto {
  @Rule(usernamePrefixProblem) prefix: string;
}
