/** Someone who may cover a gap on the Today board, with their duties this academic year. */
export class TodayCandidateDto {
  id!: string;
  name!: string;
  isTeaching!: boolean;
  /** Duties this academic year, planned ones included. */
  dutiesThisYear!: number;
}
