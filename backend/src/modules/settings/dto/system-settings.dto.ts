import { ApiProperty } from '@nestjs/swagger';
import { MAX_FROZEN_SCHOOL_DAYS, MIX_MODES, type MixMode } from '../entities/system-settings.entity';
import { ProcedureFileInfoDto } from './procedure-file-info.dto';

export class SystemSettingsDto {
  /** How many duty managers each weekday has (1–5): the number of slots of every rota day. */
  dutyManagersPerDay!: number;
  /** The Instructions page's title (default "Duty Manager Instructions"). */
  instructionsTitle!: string;
  /** The Instructions page's text, shown preformatted; empty when none is configured. */
  instructionsContent!: string;
  /** Where signed-in members download the procedure document; null without one. */
  @ApiProperty({ type: String, nullable: true })
  procedureFileUrl!: string | null;
  @ApiProperty({ type: String, nullable: true })
  procedureFileName!: string | null;
  /** The uploaded document's details; null without one. */
  @ApiProperty({ type: ProcedureFileInfoDto, nullable: true })
  procedureFile!: ProcedureFileInfoDto | null;
  /**
   * Teaching and non-teaching pairing on a day (docs/product.md#the-rota-engine): `always` when
   * both kinds can be had, `when_fair` (the default) only while it costs no one more than a duty
   * above their fair share, `never`.
   */
  @ApiProperty({ enum: MIX_MODES, enumName: 'MixMode' })
  mixMode!: MixMode;
  /** The weekly cap (1–5 duties a Monday–Sunday week) of everyone without their own; null: no cap. */
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 5 })
  defaultWeeklyCap!: number | null;
  /** A Monday that begins a Week A, for two-week timetables (weeks alternate A, B from it); null: not set. */
  @ApiProperty({ type: String, format: 'date', nullable: true })
  weekAStart!: string | null;
  /**
   * After a change of facts (docs/product.md#the-rota-stays-true): true (the default) — the repair
   * fills the gaps and rebalances with the fewest changes that keep everyone within one duty of their
   * fair share; false — it only fills the gaps.
   */
  keepFairness!: boolean;
  /** The school days after today (0–20, default 5) that no repair or rebalance moves unless a hard rule forces it. */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_FROZEN_SCHOOL_DAYS })
  frozenSchoolDays!: number;
}
