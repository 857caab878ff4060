import { ApiProperty } from '@nestjs/swagger';

export class ImportRowDto {
  /** Line number in the file (the header is line 1). */
  line!: number;
  name!: string;
  email!: string;
  department!: string | null;
  isTeaching!: boolean;
  /** From the `working days` column (ISO, 1 = Monday … 5 = Friday); every weekday when blank. */
  @ApiProperty({ type: 'integer', isArray: true, minimum: 1, maximum: 5 })
  workingDays!: number[];
  /** From the `fte` column; null when blank. */
  @ApiProperty({ type: Number, nullable: true })
  fte!: number | null;
  /** Why the row cannot be imported; empty when it can. */
  errors!: string[];
}
