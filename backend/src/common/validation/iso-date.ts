import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { registerDecorator, type ValidationArguments } from 'class-validator';

/** True for a real calendar date written `yyyy-MM-dd` (so 2025-02-31 and 2025-13-01 are not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar date property, `yyyy-MM-dd`; `label` names it in the message ("Start date"). */
export function IsoDateField(label: string) {
  return applyDecorators(
    ApiProperty({ type: String, format: 'date', example: '2025-09-08' }),
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name: 'isIsoDate',
        target: target.constructor,
        propertyName: String(propertyName),
        validator: {
          validate: (value: unknown) => isIsoDate(value),
          defaultMessage: (args?: ValidationArguments) =>
            `${label} must be a real date written as yyyy-MM-dd (got ${JSON.stringify(args?.value)})`,
        },
      }),
  );
}

/** Fails when the date in `otherProperty` comes after this one (both `yyyy-MM-dd`). */
export function NotBefore(otherProperty: string, message: string) {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'notBefore',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [otherProperty],
      options: { message },
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const other = (args.object as Record<string, unknown>)[otherProperty];
          if (!isIsoDate(value) || !isIsoDate(other)) return true;
          return value >= other;
        },
      },
    });
}
