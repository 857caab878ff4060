/**
 * "Lunch — Canteen", as screens, calendar events and rota notices name a duty: its name, with its
 * place unless the name says it already ("Lunch — Hall" in the Hall).
 */
export function dutyTitle(name: string, place: string | null): string {
  return place && !name.includes(place) ? `${name} — ${place}` : name;
}
