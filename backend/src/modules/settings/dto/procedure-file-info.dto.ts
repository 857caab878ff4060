import { ApiProperty } from '@nestjs/swagger';

export class ProcedureFileInfoDto {
  fileName!: string;
  @ApiProperty({ enum: ['pdf', 'doc', 'docx'] })
  kind!: 'pdf' | 'doc' | 'docx';
  /** Bytes. */
  size!: number;
  uploadedAt!: Date;
}
