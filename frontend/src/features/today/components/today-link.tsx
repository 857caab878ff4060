import { ClockCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useGetCurrentWeekQuery } from '@/features/rota/api';
import { useGetStaffQuery } from '@/features/staff/api';
import { useCan } from '@/shared/auth/access';
import { ownStaffRecord } from '@/shared/auth/own-staff-record';

import { TODAY_LINK_TEXT } from '../lib/today-texts';

/**
 * The Dashboard's way to the Today board (docs/product.md#duties): for whoever may change the rota,
 * and for a staff member who is on today's Duty Manager duty (from this week's rota, which the
 * Dashboard reads anyway). Nothing for anyone else.
 */
export function TodayLink() {
  const canManage = useCan('rota.manage');
  const week = useGetCurrentWeekQuery(undefined, { skip: canManage }).data;
  const user = useGetCurrentUserQuery(undefined, { skip: canManage }).data?.user;
  const staff = useGetStaffQuery(undefined, { skip: canManage }).data;
  const own = staff && ownStaffRecord(staff, user);
  const onToday = Boolean(
    own &&
    week?.days
      .find((day) => day.date === week.today)
      ?.slots.some((slot) => slot.staff?.id === own.id),
  );
  if (!canManage && !onToday) return null;
  return (
    <Link
      to="/today"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 44, fontSize: 16 }}
    >
      <ClockCircleOutlined aria-hidden />
      {TODAY_LINK_TEXT}
    </Link>
  );
}
