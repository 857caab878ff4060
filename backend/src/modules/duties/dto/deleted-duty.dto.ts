import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';

/** What deleting a duty did to the planned rota: its assignments from today on go, its past stays. */
export class DeletedDutyDto {
  rotaChange!: RotaChangeDto;
}
