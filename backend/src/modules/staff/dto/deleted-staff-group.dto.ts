import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';

/** What deleting a staff group did to the planned rota: its people come off the duties open to it from today on. */
export class DeletedStaffGroupDto {
  /** Null when the group had nobody in it. */
  rotaChange!: RotaChangeDto | null;
}
