import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { DutyDto } from './duty.dto';

/** A duty as saved, and what saving it did to the planned rota. */
export class SavedDutyDto {
  duty!: DutyDto;
  /** What the change did to the planned rota; null when nothing the rota depends on changed (a new duty, a new name). */
  rotaChange!: RotaChangeDto | null;
}
