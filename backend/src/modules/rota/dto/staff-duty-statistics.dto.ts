export class StaffDutyStatisticsDto {
  staffId!: string;
  name!: string;
  /** Admins, managers and the person themselves only (docs/product.md#what-people-see-of-each-other). */
  department?: string | null;
  isTeaching!: boolean;
  isActive!: boolean;
  total!: number;
  monday!: number;
  tuesday!: number;
  wednesday!: number;
  thursday!: number;
  friday!: number;
}
