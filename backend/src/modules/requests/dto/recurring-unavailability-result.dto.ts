import { RecurringUnavailabilityDto } from './recurring-unavailability.dto';

export class RecurringUnavailabilityResultDto {
  rule!: RecurringUnavailabilityDto;
  /** Duties on the days it covers (from today on) the person was taken off. */
  cancelledDuties!: number;
  /** Of those, how many auto-fill gave to someone else. */
  refilledDuties!: number;
  message!: string;
}
