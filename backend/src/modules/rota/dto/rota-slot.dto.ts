import { PinFieldsDto } from './pin-fields.dto';
import { RotaPersonDto } from './rota-person.dto';

/** A slot of a rota day: its position and person, and (admins and managers) whether it is pinned. */
export class RotaSlotDto extends PinFieldsDto {
  /** 1 = Duty Manager 1, … */
  position!: number;
  /** Who is on duty in this slot; null when it is empty. */
  staff!: RotaPersonDto | null;
}
