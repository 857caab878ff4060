import { ApiProperty } from '@nestjs/swagger';

export class EmailPreviewDto {
  subject!: string;
  /** The email body, sanitised; show it in a sandboxed frame. */
  html!: string;
  text!: string;
  /** The sample duty the preview is for. */
  @ApiProperty({ type: String, format: 'date' })
  sampleDate!: string;
  sampleStaffName!: string;
}
