import type { MyDutyDto } from '../api';

/**
 * The signed-in person's duties of every kind (GET /api/rota/mine) by date, each day's in time
 * order with the all-day duties first (docs/product.md#duties): what a day of the Weekly Rota or
 * the Dashboard's month lists as "Your duties".
 */
export function myDutiesByDate(duties: readonly MyDutyDto[]): Map<string, MyDutyDto[]> {
  const byDate = new Map<string, MyDutyDto[]>();
  for (const duty of duties) {
    const day = byDate.get(duty.date);
    if (day) day.push(duty);
    else byDate.set(duty.date, [duty]);
  }
  for (const day of byDate.values()) {
    // "HH:mm" sorts as a string; an all-day duty (no start) before every timed one.
    day.sort(
      (a, b) =>
        (a.startTime ?? '').localeCompare(b.startTime ?? '') ||
        (a.endTime ?? '').localeCompare(b.endTime ?? '') ||
        a.name.localeCompare(b.name),
    );
  }
  return byDate;
}

/**
 * What to ask GET /api/rota/mine for to show `range` (a week or a month): the academic year
 * holding it when there is one, as My Rota and "Your next duties" ask, so the screens share one
 * answer and moving between weeks asks nothing more; else the range itself.
 */
export function myDutiesRange(
  range: { startDate: string; endDate: string },
  year: { startDate: string; endDate: string } | undefined,
): { startDate: string; endDate: string } {
  // ISO dates compare as strings.
  return year && range.startDate >= year.startDate && range.endDate <= year.endDate
    ? { startDate: year.startDate, endDate: year.endDate }
    : range;
}
