import { BadRequestException, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';
import { MESSAGES, textLength } from '@cloud9/contracts';

/**
 * The largest id the API accepts. Ids are bigint columns, but no table comes near 2^31 rows; one
 * bound for path and body ids keeps every id a plain int4 and a safe JS integer.
 */
const ID_MAX = 2_147_483_647;
const CANONICAL_ID = /^[1-9]\d{0,9}$/;

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length) return constraints[0];
    const nested = error.children?.length ? firstMessage(error.children) : '';
    if (nested) return nested;
  }
  return MESSAGES.http.badRequest;
}

/**
 * The one validation pipe: DTOs are validated at the edge, the first catalogue message becomes
 * the 400's `error`. Unknown fields are dropped. Nothing is converted implicitly (a DTO converts
 * explicitly, e.g. WholeNumber; an id parameter through IdParam): Nest's own `transform` would
 * turn the path parameter `1%20` or `1e0` into the id 1 before any other pipe could see it.
 */
class StrictValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown): unknown {
    return value;
  }
}

export const appValidationPipe = () =>
  new StrictValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });

/**
 * Like class-validator's IsOptional, but only an absent field is skipped: `null` is a value, and a
 * wrong one wherever a string, a number or a list is expected. Use this, never IsOptional.
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);

/** For the few fields whose contract says `null` means "none" (e.g. a post's `gif`): absent or null skips validation. */
export const Nullable = () => ValidateIf((_object, value) => value !== undefined && value !== null);

/** A JSON number, or a string of digits (query strings, forms), becomes a number; anything else stays as sent and fails. */
export const WholeNumber = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value));

/** A row id: a whole number from 1 to ID_MAX (combine with WholeNumber for string input). */
export const IsId = (options: ValidationOptions) => (target: object, key: string) => {
  IsInt(options)(target, key);
  Min(1, options)(target, key);
  Max(ID_MAX, options)(target, key);
};

/**
 * The actor fields of request bodies (userId, adminId, user_id, group_id): a whole number or a string of
 * digits, which the service then compares with the session's user. Never an object: comparing one
 * would run code the client chose (its toString).
 */
export const ActorId = (options: ValidationOptions = { message: MESSAGES.http.badRequest }) => (target: object, propertyName: string) =>
  registerDecorator({
    name: 'actorId',
    target: target.constructor,
    propertyName,
    options,
    validator: { validate: (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && /^\d{1,16}$/.test(v)) },
  });

/** Text of at most `max` characters counted as the counters count them (code points: an emoji is one). */
export const CodePointsAtMost = (max: number, options: ValidationOptions) => (target: object, propertyName: string) =>
  registerDecorator({
    name: 'codePointsAtMost',
    target: target.constructor,
    propertyName,
    options,
    validator: { validate: (v: unknown) => typeof v === 'string' && textLength(v) <= max },
  });

/** A numeric id path parameter: digits only, no sign, no leading zero, at most ID_MAX; else 400. */
@Injectable()
class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (typeof value !== 'string' || !CANONICAL_ID.test(value) || Number(value) > ID_MAX) throw new BadRequestException(MESSAGES.http.invalidId);
    return Number(value);
  }
}

export const IdParam = () => new IdPipe();

/**
 * The longest free text a path parameter may carry (a username, a search box's name): no username
 * comes near it (ACCOUNT_RULES.usernameMax is 30), and nothing longer reaches SQL.
 */
const PATH_TEXT_MAX = 100;

/** A free-text path parameter (a username, a name searched for): at most PATH_TEXT_MAX characters, else 400. */
@Injectable()
class PathTextPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || textLength(value) > PATH_TEXT_MAX) throw new BadRequestException(MESSAGES.http.pathTextTooLong);
    return value;
  }
}

export const PathText = () => new PathTextPipe();
