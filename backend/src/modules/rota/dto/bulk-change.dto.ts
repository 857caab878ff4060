import { ApiProperty } from '@nestjs/swagger';
import { BulkChangePersonDto } from './bulk-change-person.dto';

/** One slot a bulk tool gives to someone else, fills or empties. */
export class BulkChangeDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  dutyId!: string;
  dutyName!: string;
  /** Slot number, from 1. */
  position!: number;
  /** Who holds it now; null when it is empty. */
  @ApiProperty({ type: BulkChangePersonDto, nullable: true })
  from!: BulkChangePersonDto | null;
  /** Who would hold it; null when the tool empties it. */
  @ApiProperty({ type: BulkChangePersonDto, nullable: true })
  to!: BulkChangePersonDto | null;
}
