import { ApiProperty } from '@nestjs/swagger';

/** The multipart body of the import endpoints. */
export class StaffCsvUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A CSV file (≤ 1 MB) with a header row: name, email, and optionally department, teaching, working days, fte.' })
  file!: unknown;
}
