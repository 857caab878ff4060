import { UnavailabilityDto } from './unavailability.dto';

export class UnavailabilityResultDto {
  unavailability!: UnavailabilityDto;
  /** Duties in the period (from today on) the person was taken off. */
  cancelledDuties!: number;
  /** Of those, how many auto-fill gave to someone else. */
  refilledDuties!: number;
  message!: string;
}
