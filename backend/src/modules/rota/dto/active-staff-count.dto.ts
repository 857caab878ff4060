export class ActiveStaffCountDto {
  name!: string;
  /** Duties (days) this month. */
  count!: number;
}
