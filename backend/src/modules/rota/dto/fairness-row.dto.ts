/** One person's load against their fair share over the period (docs/product.md#fair-share). */
export class FairnessRowDto {
  staffId!: string;
  name!: string;
  department!: string | null;
  isTeaching!: boolean;
  isActive!: boolean;
  /** Working days, ISO weekdays (1 = Monday … 5 = Friday). */
  workingDays!: number[];
  /** Duties already done in the period (before today). */
  done!: number;
  /** Duties planned in the period from today on. */
  planned!: number;
  /** Their fair share of the period's duties, to two decimals. */
  share!: number;
  /** done + planned − share, to two decimals: above their share when positive. */
  difference!: number;
  /** How the share was made (docs/product.md#the-fairness-view): the period's school days on their working days. */
  patternDays!: number;
  /** Of those, the days they are away (leave, unavailability, weekly commitments). */
  awayDays!: number;
  /** patternDays − awayDays: the school days of the period they can do (0 when not active). */
  availableDays!: number;
  /** Their FTE as set on their record; null when not set (then each available day counts 1). */
  fte!: number | null;
  /** What each available day counts: FTE ÷ (working days ÷ 5), or 1 without an FTE; to two decimals. */
  dayWeight!: number;
  /** availableDays × dayWeight, to two decimals; share = dutiesShared × weightedDays ÷ the team's weightedDays. */
  weightedDays!: number;
  /** The same in one sentence, e.g. "Works Mon, Wed, Fri: 114 of the 190 school days, 3 of them away: 111 available. …". */
  shareExplanation!: string;
}
