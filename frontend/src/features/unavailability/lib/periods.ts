import { formatDateRange } from '@/shared/lib/dates';

import type { UnavailabilityDto } from '../api';

interface SplitPeriods {
  /** Ending today or later, soonest first. */
  upcoming: UnavailabilityDto[];
  /** Ended before today, most recent first. */
  past: UnavailabilityDto[];
}

/**
 * docs/product.md#unavailability: "Upcoming & Current" (ending today or later) and "Past". `today` is the server's
 * (`yyyy-MM-dd`, organisation time zone), never the browser's clock. ISO dates compare as strings.
 */
export function splitByToday(periods: readonly UnavailabilityDto[], today: string): SplitPeriods {
  const upcoming = periods
    .filter((period) => period.endDate >= today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate));
  const past = periods
    .filter((period) => period.endDate < today)
    .sort((a, b) => b.endDate.localeCompare(a.endDate) || b.startDate.localeCompare(a.startDate));
  return { upcoming, past };
}

/** Whether the period includes `today`. */
export function isCurrent(period: UnavailabilityDto, today: string): boolean {
  return period.startDate <= today && today <= period.endDate;
}

/**
 * e.g. "Mon 20 Oct 2025 – Fri 24 Oct 2025", or "Mon 20 Oct 2025" for one day: names a period for
 * a button, as the list shows it.
 */
export function periodName(period: Pick<UnavailabilityDto, 'startDate' | 'endDate'>): string {
  return formatDateRange(period.startDate, period.endDate);
}
