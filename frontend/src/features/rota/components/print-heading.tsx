import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useAuthToken } from '@/shared/auth/auth-token';
import { DISPLAY_DATE_FORMAT, formatDate } from '@/shared/lib/dates';

import { useGetCurrentWeekQuery } from '../api';

/** "Printed 8 September 2025": the organisation's today, from the server, never the browser's clock. */
export function printedOn(today: string): string {
  return `Printed ${formatDate(today, DISPLAY_DATE_FORMAT)}`;
}

/**
 * What only paper shows above the rota (docs/product.md#activity-log-import-and-printing): the
 * rota's title, the school's name and the day it was printed, so a sheet on the staffroom wall
 * says whose it is and how fresh. Hidden on screen (rota.css), where the page says all this.
 * `duties` (printedDuties) names the duty or duties shown, for a school that runs more than the
 * Duty Manager duty; one that doesn't prints as before.
 */
export function PrintHeading({ title, duties }: { title: string; duties?: string }) {
  const token = useAuthToken();
  const school = useGetCurrentUserQuery(undefined, { skip: !token }).data?.organization.name;
  const today = useGetCurrentWeekQuery().data?.today;
  return (
    <div className="rota-print-title">
      <div className="rota-print-title__name">{title}</div>
      {duties && <div className="rota-print-title__duties">{duties}</div>}
      <div className="rota-print-title__meta">
        {[school, today && printedOn(today)].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}
