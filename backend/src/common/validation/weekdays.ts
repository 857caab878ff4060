import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { registerDecorator } from 'class-validator';
import { isIsoWeekday, normalizeWeekdays } from '../clock/weekdays';

/**
 * A list of ISO weekdays (1 = Monday … 5 = Friday), stored sorted and without repeats; `message`
 * is the whole answer to anything else. `minItems` 1 refuses an empty list.
 */
export function IsoWeekdaysField(message: string, { minItems, description }: { minItems: 0 | 1; description?: string }) {
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      isArray: true,
      minimum: 1,
      maximum: 5,
      minItems,
      maxItems: 5,
      example: [1, 2, 3],
      ...(description ? { description } : {}),
    }),
    Transform(({ value }) => normalizeWeekdays(value)),
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name: 'isoWeekdays',
        target: target.constructor,
        propertyName: String(propertyName),
        options: { message },
        validator: {
          validate: (value: unknown) => Array.isArray(value) && value.length >= minItems && value.length <= 5 && value.every(isIsoWeekday),
        },
      }),
  );
}
