import { ApiProperty } from '@nestjs/swagger';
import { type Region, REGIONS } from '../../tenants/entities/organization.entity';
import { BankHolidayPreviewDto } from './bank-holiday-preview.dto';

/** What "Add bank holidays" would add for a region and academic year. */
export class BankHolidaysPreviewDto {
  @ApiProperty({ enum: REGIONS, enumName: 'Region' })
  region!: Region;
  /** The academic year, e.g. "2025-2026". */
  academicYear!: string;
  /** The region's bank holidays from 1 September to 31 August, by date. */
  holidays!: BankHolidayPreviewDto[];
}
