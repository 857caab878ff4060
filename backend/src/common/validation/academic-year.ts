import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { wholeNumberText } from './normalize';

export const ACADEMIC_YEAR_MESSAGE = 'academicYear must be a year from 2000 to 2100, such as 2025 for 2025-2026';

/**
 * An academic year named by its first calendar year (2025 = 1 Sep 2025 – 31 Aug 2026), refused
 * with one message a person can act on. `inQuery`: it arrives as text (a path or query string) and
 * is read as a number when written in digits only; in a JSON body it must be a number.
 */
export function AcademicYearField({ required = true, inQuery = false }: { required?: boolean; inQuery?: boolean } = {}) {
  return (target: object, propertyName: string) => {
    ApiProperty({ type: 'integer', minimum: 2000, maximum: 2100, example: 2025, required })(target, propertyName);
    if (!required) IsOptional()(target, propertyName);
    if (inQuery) Transform(wholeNumberText)(target, propertyName);
    IsInt({ message: ACADEMIC_YEAR_MESSAGE })(target, propertyName);
    Min(2000, { message: ACADEMIC_YEAR_MESSAGE })(target, propertyName);
    Max(2100, { message: ACADEMIC_YEAR_MESSAGE })(target, propertyName);
  };
}
