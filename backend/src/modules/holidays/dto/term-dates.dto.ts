import { ApiProperty } from '@nestjs/swagger';
import { TERM_PROPOSAL_SOURCES, type TermProposalSource } from '../term-dates';
import { TermDto } from './term.dto';

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
