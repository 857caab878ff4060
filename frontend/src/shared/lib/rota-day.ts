/**
 * Reading a rota day (docs/product.md#duty-managers-per-day). The server sends every day's full
 * ordered `slots` list, and every screen reads who is on duty from it and from nothing else: the
 * day's `dutyManager1Id`/`dutyManager2Id` and their resolved people are there for clients that
 * read two slots, and repeat what slots 1 and 2 say.
 *
 * Typed by shape, because src/shared never imports a feature: the rota feature's `RotaDayDto`
 * fits, and so does any day the tests build.
 */
export interface RotaDaySlots<Person> {
  /** 1 = Duty Manager 1, …; `staff` is null when the slot is empty. */
  slots: readonly { position: number; staff: Person | null }[];
}

/**
 * Who is in each slot of a day, in order (null for an empty one): `perDay` slots (at least one),
 * more only when a past day still has someone in a slot beyond today's setting. No day means
 * nobody on duty yet.
 */
export function daySlots<Person>(
  day: RotaDaySlots<Person> | undefined,
  perDay: number,
): (Person | null)[] {
  const people: (Person | null)[] = Array.from({ length: Math.max(1, perDay) }, () => null);
  for (const slot of day?.slots ?? []) {
    if (slot.position < 1) continue;
    if (slot.staff === null && slot.position > people.length) continue;
    while (people.length < slot.position) people.push(null);
    people[slot.position - 1] = slot.staff;
  }
  return people;
}

/** Everyone on duty on a day, once each, in slot order. */
export function peopleOnDuty<Person extends { id: string }>(
  day: RotaDaySlots<Person> | undefined,
): Person[] {
  const people = new Map<string, Person>();
  for (const person of daySlots(day, 0)) {
    if (person && !people.has(person.id)) people.set(person.id, person);
  }
  return [...people.values()];
}
