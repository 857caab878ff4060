import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { SystemSettingsDto } from './system-settings.dto';

export class SystemSettingsUpdateResultDto extends SystemSettingsDto {
  /**
   * Assignments removed because their day has fewer slots now (fewer duty managers per day),
   * from today on; past days keep their record. The same as `rotaChange.removedDuties`.
   */
  removedSlots!: number;
  /**
   * What the change did to the planned rota: fewer duty managers per day, a new or lower default
   * weekly cap, or a new Week A; null when none of these changed.
   */
  rotaChange!: RotaChangeDto | null;
}
