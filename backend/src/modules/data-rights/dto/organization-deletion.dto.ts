import { ApiProperty } from '@nestjs/swagger';

/** Whether the organisation is waiting to be deleted (docs/security.md#deleting-an-organisation), and when. */
export class OrganizationDeletionDto {
  /** True from an admin's request until the organisation is restored or deleted. */
  pending!: boolean;

  /** When an admin asked for the deletion; null when none is pending. */
  @ApiProperty({ type: Date, nullable: true })
  requestedAt!: Date | null;

  /** When the organisation and all its data will be deleted (30 days after the request); null when none is pending. */
  @ApiProperty({ type: Date, nullable: true })
  dueAt!: Date | null;

  /** The day of `dueAt` in the organisation's time zone, `yyyy-MM-dd`; null when none is pending. */
  @ApiProperty({ type: String, nullable: true, example: '2025-10-08' })
  dueDate!: string | null;
}
