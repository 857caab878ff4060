import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { HolidayDto } from './holiday.dto';

/** A holiday as saved, with what saving it did to the planned rota (docs/product.md#the-rota-stays-true). */
export class SavedHolidayDto extends HolidayDto {
  rotaChange!: RotaChangeDto;
}
