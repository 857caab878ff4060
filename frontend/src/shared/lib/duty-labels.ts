// How screens name a duty (docs/product.md#duties): the Duties page and the rota's views.

/** "Lunch — Canteen": a duty's name with its place when it has one the name doesn't say already ("Lunch — Hall" in Hall). */
export function dutyTitle(duty: { name: string; place: string | null }): string {
  return duty.place && !duty.name.includes(duty.place) ? `${duty.name} — ${duty.place}` : duty.name;
}

/** "12:30–13:10", or "All day" for a duty without times. */
export function dutyTimes(duty: { startTime: string | null; endTime: string | null }): string {
  return duty.startTime && duty.endTime ? `${duty.startTime}–${duty.endTime}` : 'All day';
}
