import { RotaPersonDto } from './rota-person.dto';

export class RotaSlotDto {
  /** 1 = Duty Manager 1, … */
  position!: number;
  /** Who is on duty in this slot; null when it is empty. */
  staff!: RotaPersonDto | null;
}
