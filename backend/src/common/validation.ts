import { BadRequestException, ParseIntPipe, ValidationError, ValidationPipe } from '@nestjs/common';
import { MESSAGES } from '@cloud9/contracts';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length) return constraints[0];
    const nested = error.children?.length ? firstMessage(error.children) : '';
    if (nested) return nested;
  }
  return MESSAGES.http.badRequest;
}

/** DTOs are validated at the edge; the first catalogue message becomes the 400's `error`. */
export const appValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });

/** A numeric id path parameter: anything else is a 400, never a 500. */
export const IdParam = () =>
  new ParseIntPipe({ exceptionFactory: () => new BadRequestException('The id must be a whole number.') });
