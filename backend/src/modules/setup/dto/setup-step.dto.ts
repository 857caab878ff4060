import { ApiProperty } from '@nestjs/swagger';

export const SETUP_STEPS = ['staff', 'term_dates', 'bank_holidays', 'fill_rota', 'invite_staff', 'calendar'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export class SetupStepDto {
  /**
   * `staff`: at least two active staff; `term_dates`: the academic year being set up
   * (`academicYear`) has term dates; `bank_holidays`: it has a bank holiday; `fill_rota`: someone
   * is on duty from tomorrow (or that year's 1 September) on;
   * `invite_staff`: someone on the staff can sign in (or was invited); `calendar`: a calendar app
   * has fetched the signed-in admin's feed.
   */
  @ApiProperty({ enum: SETUP_STEPS, enumName: 'SetupStep' })
  key!: SetupStep;
  done!: boolean;
}
