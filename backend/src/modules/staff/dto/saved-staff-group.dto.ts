import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { StaffGroupDto } from './staff-group.dto';

/** A staff group as saved, with what the change did to the planned rota (docs/product.md#the-rota-stays-true). */
export class SavedStaffGroupDto extends StaffGroupDto {
  /**
   * What the change did to the planned rota: people taken out of the group come off the duties
   * open to it from today on; null when nobody left it.
   */
  rotaChange!: RotaChangeDto | null;
}
