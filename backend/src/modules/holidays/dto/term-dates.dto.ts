import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  registerDecorator,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { isIsoDate } from '../../../common/validation/iso-date';
import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { TERM_NAMES, TERM_PROPOSAL_SOURCES, type TermName, type TermProposalSource, THREE_TERMS } from '../term-dates';

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

export class SaveTermDatesDto {
  /**
   * The autumn, spring and summer terms, once each, all within 1 September – 31 August of the
   * year, in order without overlapping; a half term has both dates or neither and lies inside its
   * term.
   */
  @IsArray({ message: THREE_TERMS })
  @ArrayMinSize(3, { message: THREE_TERMS })
  @ArrayMaxSize(3, { message: THREE_TERMS })
  @ValidateNested({ each: true })
  @Type(() => TermDto)
  terms!: TermDto[];
}

export class TermDatesYearParamDto {
  /** The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. */
  @AcademicYearField({ inQuery: true })
  academicYear!: number;
}

export class TermDatesQueryDto {
  /**
   * The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. Default: the
   * planning year (this one until its summer term has ended, then the next).
   */
  @AcademicYearField({ required: false, inQuery: true })
  academicYear?: number;
}

/** An academic year's term dates, and a proposal to start from. */
export class TermDatesDto {
  /** The academic year by its first calendar year: 2025 means 1 Sep 2025 – 31 Aug 2026. */
  academicYear!: number;
  /** e.g. "2025-2026". */
  label!: string;
  /**
   * The saved terms, autumn to summer; empty when the year has none yet (then every weekday of it
   * counts as term time).
   */
  terms!: TermDto[];
  /**
   * Three terms to start from when entering the year: the previous year's moved on 52 weeks
   * (same weekdays) when they fit, else the typical English pattern. Always valid; never saved by
   * itself.
   */
  proposal!: TermDto[];
  /** Where the proposal comes from. */
  @ApiProperty({ enum: TERM_PROPOSAL_SOURCES, enumName: 'TermProposalSource' })
  proposalSource!: TermProposalSource;
}

/** The saved term dates, and what saving them did to the rota. */
export class SavedTermDatesDto extends TermDatesDto {
  /** Duties removed (and refilled) because they now fall outside term. */
  rotaChange!: RotaChangeDto;
}

/** One academic year as the planning screens offer it (docs/product.md#time-and-the-academic-year). */
export class AcademicYearOptionDto {
  /** The academic year by its first calendar year: 2026 means 1 Sep 2026 – 31 Aug 2027. */
  academicYear!: number;
  /** e.g. "2026-2027". */
  label!: string;
  /** 1 September. */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** 31 August. */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Whether the year's term dates are saved. */
  hasTermDates!: boolean;
  /** The last day of its summer term; null without term dates. */
  @ApiProperty({ format: 'date', nullable: true, type: String })
  summerTermEnd!: string | null;
  /**
   * The days Fill and Reshuffle plan in this year unless told another end date: from tomorrow or 1
   * September, whichever is later, to the end of the summer term (31 August without term dates, or
   * once it is over). Both null when nothing of the year is left to plan.
   */
  @ApiProperty({ format: 'date', nullable: true, type: String })
  planFrom!: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String })
  planTo!: string | null;
}

/** This academic year and the next, and which one the planning screens start on. */
export class AcademicYearsDto {
  /** Today in the organisation's time zone. */
  @ApiProperty({ format: 'date' })
  today!: string;
  /** The academic year containing today (its first calendar year). */
  current!: number;
  /**
   * The year the term-date, rota-management and fairness screens start on: this one until its
   * summer term has ended (until 31 July without term dates), then the next.
   */
  planning!: number;
  /** This academic year, then the next. */
  years!: AcademicYearOptionDto[];
}
