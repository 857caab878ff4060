/**
 * What a change of facts did to the rota: a change that makes planned duties impossible (new
 * term dates, a holiday, a deactivation) removes those duties and refills what it can. Returned
 * beside the change that caused it; null when the rota was not touched.
 */
export class RotaChangeDto {
  /** Duties (a person on a day) taken off the rota because the day or the person no longer allows them. */
  removedDuties!: number;
  /** Of the removed duties, how many were given to someone else on the same day. */
  refilledDuties!: number;
  /** Empty slots of the planned rota the repair filled: capacity the change opened (a holiday removed, someone added), per auto-fill. */
  filledDuties!: number;
  /** Duties the repair gave to someone else to keep the rota fair (the school's "keep the rota fair" setting). */
  movedDuties!: number;
  /** The days whose duties changed, `yyyy-MM-dd`, in date order. */
  dates!: string[];
  /** What happened, for a person to read, e.g. "Removed 4 duties in the Easter holiday". */
  message!: string;
}
