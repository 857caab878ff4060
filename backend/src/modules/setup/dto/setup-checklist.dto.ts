import { SetupStepDto } from './setup-step.dto';

/** A new organisation's first-run checklist (docs/product.md#the-first-run-checklist), each step ticked from the data. */
export class SetupChecklistDto {
  /**
   * The academic year the steps are about, by its first calendar year: this one until its summer
   * term has ended (until 31 July without term dates), then the next.
   */
  academicYear!: number;
  /** e.g. "2026-2027". */
  academicYearLabel!: string;
  /** In the order an admin does them. */
  steps!: SetupStepDto[];
  /** Every step done: the Dashboard stops showing the checklist. */
  complete!: boolean;
}
