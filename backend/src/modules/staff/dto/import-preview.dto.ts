import { ImportRowDto } from './import-row.dto';

export class ImportPreviewDto {
  rows!: ImportRowDto[];
  validCount!: number;
  errorCount!: number;
}
