import { PinFieldsDto } from './pin-fields.dto';

/** Someone on the Today board: their staff record's id and name, and (admins and managers) whether their place is pinned. */
export class TodayPersonDto extends PinFieldsDto {
  id!: string;
  name!: string;
}
