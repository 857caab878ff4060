import { ApiProperty } from '@nestjs/swagger';

/** A duty as people's days show it (docs/product.md#duties): what it is, where, when, and what the post involves. */
export class DutyPostDto {
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
  /** The Duty Manager duty (the spec's rota). */
  isDutyManager!: boolean;
  name!: string;
  /** Where the post is; null when not given. */
  @ApiProperty({ type: String, nullable: true })
  place!: string | null;
  /**
   * True on a wet day when the duty has a wet-weather post (docs/product.md#duties): `place` is
   * then the wet-weather place and `dryPlace` the usual one. Left out otherwise.
   */
  @ApiProperty({ required: false })
  wet?: boolean;
  /** With `wet`: where the post is on other days (null when it has no place). */
  @ApiProperty({ type: String, required: false, nullable: true })
  dryPlace?: string | null;
  /** `HH:mm`; null with endTime for an all-day duty. */
  @ApiProperty({ type: String, nullable: true, example: '12:30' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:10' })
  endTime!: string | null;
  /** What the post involves (the duty's instructions); null when it has none. */
  @ApiProperty({ type: String, nullable: true })
  description!: string | null;
}
