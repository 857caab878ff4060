import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, registerDecorator, ValidateIf, type ValidationArguments } from 'class-validator';

/** A time of day, `HH:mm` on the 24-hour clock. */
export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * An optional time of day (`HH:mm`) that goes with `pairedWith`: both given, or neither (null
 * counts as not given). `message` is the one text for a missing partner or a bad format.
 */
export function TimeOfDayField(pairedWith: string, message: string, example: string) {
  const given = (v: unknown) => v !== undefined && v !== null;
  return (target: object, propertyName: string) => {
    ApiProperty({ required: false, type: String, example, pattern: TIME_OF_DAY.source })(target, propertyName);
    ValidateIf((o: Record<string, unknown>, v: unknown) => given(v) || given(o[pairedWith]))(target, propertyName);
    IsString({ message })(target, propertyName);
    Matches(TIME_OF_DAY, { message })(target, propertyName);
  };
}

/** A time of day after the one in `otherProperty` (both `HH:mm`; either missing is another rule's). */
export function AfterTime(otherProperty: string, message: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'afterTime',
      target: target.constructor,
      propertyName,
      constraints: [otherProperty],
      options: { message },
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const other = (args.object as Record<string, unknown>)[otherProperty];
          if (typeof value !== 'string' || typeof other !== 'string' || !TIME_OF_DAY.test(value) || !TIME_OF_DAY.test(other)) return true;
          return value > other;
        },
      },
    });
}
