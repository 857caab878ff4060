import { daySlots } from '@/shared/lib/rota-day';

import type { RotaDayDto } from '../api';

interface StaffOption {
  id: string;
  name: string;
  isActive: boolean;
}

/**
 * Assigning (docs/product.md#assigning-by-hand): active staff, by name, who are not on duty that day already; the people a
 * slot of `day` can go to.
 */
export function staffOffDuty<T extends StaffOption>(
  staff: readonly T[] | undefined,
  day: RotaDayDto | undefined,
  dutyManagersPerDay: number,
): T[] {
  const onDay = new Set(daySlots(day, dutyManagersPerDay).flatMap((p) => (p ? [p.id] : [])));
  return (staff ?? [])
    .filter((member) => member.isActive && !onDay.has(member.id))
    .sort((a, b) => a.name.localeCompare(b.name));
}
