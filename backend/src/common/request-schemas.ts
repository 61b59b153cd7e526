import { BadRequestException } from '@nestjs/common';
import * as z from 'zod/v4/core';
import { MESSAGES } from '@cloud9/contracts';

// Every issue a schema of the table does not name a message for (a body that is no object, say)
// answers the catalogue's generic 400, never zod's own English.
z.config({ customError: () => MESSAGES.http.badRequest });

/** The catalogue message of the first failing field. */
const firstProblem = (error: z.$ZodError): string => error.issues[0]?.message || MESSAGES.http.badRequest;

/** `value` read by `schema`: its output (unknown fields dropped, numbers read from digits where the schema says), or 400 with the first problem. */
export function parseWith<T extends z.$ZodType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new BadRequestException(firstProblem(result.error));
  return result.data;
}
