import { IsoDateField } from '../../../common/validation/iso-date';
import { UpdateRotaDayDto } from './update-rota-day.dto';

/** Assigns people to a date: creates the rota day when it has none yet (docs/product.md#assigning-by-hand). */
export class CreateRotaDayDto extends UpdateRotaDayDto {
  @IsoDateField('date')
  date!: string;
}
