export class RotaCandidateDto {
  id!: string;
  name!: string;
  department!: string | null;
  isTeaching!: boolean;
  /** Duties this academic year, planned ones included. */
  dutiesThisYear!: number;
}
