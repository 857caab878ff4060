import { IsBoolean } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

/** Marks a day wet or dry again (docs/product.md#duties). */
export class SetWetDayDto {
  /** The day, `yyyy-MM-dd`: today or a later day. */
  @IsoDateField('The date')
  date!: string;

  /** True: a wet day, the duties with a wet-weather post are at that post; false: every duty at its usual place. */
  @IsBoolean({ message: 'wet must be true (a wet day) or false (a dry day)' })
  wet!: boolean;
}
