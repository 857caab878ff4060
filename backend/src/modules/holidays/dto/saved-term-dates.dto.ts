import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { TermDatesDto } from './term-dates.dto';

/** The saved term dates, and what saving them did to the rota. */
export class SavedTermDatesDto extends TermDatesDto {
  /** Duties removed (and refilled) because they now fall outside term. */
  rotaChange!: RotaChangeDto;
}
