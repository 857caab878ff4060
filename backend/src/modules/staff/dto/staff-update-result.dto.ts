import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { StaffDto } from './staff.dto';

/** A staff record as saved, with what the change did to the planned rota (docs/product.md#the-rota-stays-true). */
export class StaffUpdateResultDto extends StaffDto {
  /**
   * What the change did to the planned rota: deactivating takes the person off their duties from
   * today on, and fewer working days or a lower weekly cap off the duties that no longer fit; null
   * for any other change.
   */
  rotaChange!: RotaChangeDto | null;
}
