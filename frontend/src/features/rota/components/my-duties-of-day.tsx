import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';
import { formatDate, SHORT_DAY_MONTH_FORMAT } from '@/shared/lib/dates';
import { Text } from '@/shared/ui/typography';

import type { MyDutyDto } from '../api';

export const YOUR_DUTIES = 'Your duties';

interface MyDutiesOfDayProps {
  date: string;
  /** The signed-in person's duties that day, in time order (all-day first). */
  duties: readonly MyDutyDto[] | undefined;
}

/**
 * docs/product.md#duties: a day's "Your duties" on the Weekly Rota and the Dashboard's month, every
 * kind, compact: "Lunch — Canteen · 12:30–13:10", "Duty Manager · All day". Nothing on a day
 * without any.
 */
export function MyDutiesOfDay({ date, duties }: MyDutiesOfDayProps) {
  if (!duties?.length) return null;
  return (
    // Personal: left off the printed rota, which is the school's.
    <div className="my-duties-of-day no-print">
      <Text type="secondary" className="my-duties-of-day__label">
        {YOUR_DUTIES}
      </Text>
      <ul
        aria-label={`${YOUR_DUTIES}, ${formatDate(date, SHORT_DAY_MONTH_FORMAT)}`}
        className="my-duties-of-day__list"
      >
        {duties.map((duty) => (
          <li key={`${duty.dutyId}|${duty.position}`}>
            {dutyTitle(duty)} · {dutyTimes(duty)}
          </li>
        ))}
      </ul>
    </div>
  );
}
