import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { ApiProperty } from '@nestjs/swagger';
import { type Region, REGIONS } from '../../tenants/entities/organization.entity';
import { HolidayDto } from './holiday.dto';

export class AddBankHolidaysResultDto {
  /** The holidays that were added. */
  added!: HolidayDto[];
  /** How many bank holidays were already covered by an existing holiday and left out. */
  skipped!: number;
  /** The academic year, e.g. "2025-2026". */
  academicYear!: string;
  /** Whose bank holidays these are (now the organisation's region). */
  @ApiProperty({ enum: REGIONS, enumName: 'Region' })
  region!: Region;
  /** What adding them did to the planned rota; null when nothing was added. */
  rotaChange!: RotaChangeDto | null;
}
