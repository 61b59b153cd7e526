import { registerDecorator, ValidationArguments } from 'class-validator';

/**
 * Validates a DTO property with a rule from libs/contracts that returns the catalogue message
 * for a bad value, or null when it is fine — one rule for both sides.
 */
export function Rule(problem: (value: unknown) => string | null) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: `rule:${problem.name}`,
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => problem(value) === null,
        defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? '',
      },
    });
}
