import { ApiProperty } from '@nestjs/swagger';

export const DRAFT_STATUSES = ['open', 'published', 'discarded'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** A draft plan of a period (docs/product.md#drafts). */
export class DraftDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  /** Its days in words: "Draft Monday 9 November 2026 to Friday 20 November 2026". */
  name!: string;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** The duties it plans. */
  @ApiProperty({ type: [String], format: 'uuid' })
  dutyIds!: string[];
  /** Open until published or discarded. */
  @ApiProperty({ enum: DRAFT_STATUSES, enumName: 'DraftStatus' })
  status!: DraftStatus;
  /** Duties (filled slots) it holds. */
  duties!: number;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  publishedAt!: string | null;
}
