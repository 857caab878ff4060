import type { RotaDayDto } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';

/** docs/product.md#screens: what a colleague without a known name reads as. */
export const UNKNOWN_NAME = 'Unknown';

export interface Duty {
  /** The rota day's id. */
  id: string;
  /** `yyyy-MM-dd`. */
  date: string;
  /** Who else is on duty that day, in slot order; empty for a solo duty. */
  colleagues: string[];
}

interface OnDuty {
  id: string;
  name: string | undefined;
}

/**
 * Everyone on duty on a day, once each, in slot order. The slots list every position; the two
 * `dutyManager` fields are read as well, for days whose slots carry an id without a resolved
 * person.
 */
function peopleOn(day: RotaDayDto): OnDuty[] {
  const people = new Map<string, OnDuty>();
  const add = (id: string | null | undefined, name: string | null | undefined) => {
    if (!id) return;
    const known = people.get(id);
    if (!known) people.set(id, { id, name: name || undefined });
    else if (!known.name && name) known.name = name;
  };
  for (const slot of [...day.slots].sort((a, b) => a.position - b.position)) {
    add(slot.staff?.id, slot.staff?.name);
  }
  add(day.dutyManager1Id, day.dutyManager1?.name);
  add(day.dutyManager2Id, day.dutyManager2?.name);
  return [...people.values()];
}

/**
 * The days `staffId` is on duty, in date order, each with the colleagues sharing it. A colleague
 * the day does not name is looked up in `names` (staff id → name), else reads "Unknown".
 */
export function dutiesOf(
  days: readonly RotaDayDto[],
  staffId: string,
  names: ReadonlyMap<string, string>,
): Duty[] {
  const duties: Duty[] = [];
  for (const day of days) {
    const people = peopleOn(day);
    if (!people.some((person) => person.id === staffId)) continue;
    duties.push({
      id: day.id,
      date: day.date,
      colleagues: people
        .filter((person) => person.id !== staffId)
        .map((person) => person.name ?? names.get(person.id) ?? UNKNOWN_NAME),
    });
  }
  // ISO dates sort as strings.
  return duties.sort((a, b) => a.date.localeCompare(b.date));
}

/** "Solo duty" when nobody else is on that day, else "With Bob Stone" ("With A and B"). */
export function companyText(colleagues: readonly string[]): string {
  return colleagues.length === 0 ? 'Solo duty' : `With ${colleagues.join(' and ')}`;
}

/** Active staff, sorted by name as people read it (case and accents aside). */
export function activeStaffByName(staff: readonly StaffDto[]): StaffDto[] {
  return staff
    .filter((person) => person.isActive)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }));
}
