import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, registerDecorator, type ValidationArguments } from 'class-validator';
import { isIsoDate } from '../../../common/validation/iso-date';
import { TERM_NAMES, type TermName } from '../term-dates';

/**
 * A date of a term, `yyyy-MM-dd`, refused with a message naming the term ("The autumn term's start
 * date must be …"); `optional` ones may be null or left out.
 */
function TermDateField(label: string, example: string, optional = false) {
  return (target: object, propertyName: string) => {
    ApiProperty({ type: String, format: 'date', example, ...(optional ? { nullable: true, required: false } : {}) })(target, propertyName);
    if (optional) IsOptional()(target, propertyName);
    registerDecorator({
      name: 'isTermDate',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => isIsoDate(value),
        defaultMessage: (args?: ValidationArguments) => {
          const name = (args?.object as { name?: unknown } | undefined)?.name;
          const term = TERM_NAMES.includes(name as TermName) ? `The ${String(name)} term's` : "A term's";
          return `${term} ${label} must be a real date written as yyyy-MM-dd (got ${JSON.stringify(args?.value)})`;
        },
      },
    });
  };
}

/** One term of an academic year: term time from startDate to endDate, except the half term. */
export class TermDto {
  @ApiProperty({ enum: TERM_NAMES, enumName: 'TermName' })
  @IsIn(TERM_NAMES, { message: `Each term's name must be one of: ${TERM_NAMES.join(', ')}` })
  name!: TermName;

  /** First day of the term. */
  @TermDateField('start date', '2025-09-03')
  startDate!: string;

  /** Last day of the term (inclusive). */
  @TermDateField('end date', '2025-12-19')
  endDate!: string;

  /** First day of the half term; null (or left out) when the term has none. */
  @TermDateField('half term start', '2025-10-27', true)
  halfTermStart?: string | null;

  /** Last day of the half term (inclusive); null (or left out) when the term has none. */
  @TermDateField('half term end', '2025-10-31', true)
  halfTermEnd?: string | null;
}
