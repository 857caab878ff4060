import { skipToken } from '@reduxjs/toolkit/query';
import { Empty, Skeleton } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useGetCurrentWeekQuery, useGetRotaQuery } from '@/features/rota/api';
import { useGetStaffQuery } from '@/features/staff/api';
import { useAuthToken } from '@/shared/auth/auth-token';
import { ownStaffRecord } from '@/shared/auth/own-staff-record';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';

import { activeStaffByName, dutiesOf } from './duties';
import { DutyList } from './duty-list';

const TITLE = 'Your next duties';
/** How many of the coming duties the card lists; My Rota has them all. */
export const NEXT_DUTIES_SHOWN = 3;
export const NO_NEXT_DUTIES_TEXT = 'No duties coming up this academic year';
export const ALL_DUTIES_TEXT = 'All your duties';

/**
 * docs/product.md#screens, the Dashboard on a phone: the signed-in person's next few duties from
 * today on (the server's today), each with who else is on, and a link to all of them on My Rota.
 * Nothing for someone without a staff record of their own, nor while that is not known yet. The
 * rota is asked for the academic year, as My Rota asks, so the two share it.
 */
export function NextDutiesCard() {
  const token = useAuthToken();
  const user = useGetCurrentUserQuery(undefined, { skip: !token }).data?.user;
  const weekQuery = useGetCurrentWeekQuery();
  const staff = useGetStaffQuery().data;
  const year = weekQuery.data?.academicYear;
  const own = staff && ownStaffRecord(activeStaffByName(staff), user);
  const rotaQuery = useGetRotaQuery(
    own && year ? { startDate: year.startDate, endDate: year.endDate } : skipToken,
  );
  const today = weekQuery.data?.today;

  const next = useMemo(() => {
    if (!own || !today || !rotaQuery.data) return undefined;
    const names = new Map((staff ?? []).map((person) => [person.id, person.name]));
    return dutiesOf(rotaQuery.data, own.id, names)
      .filter((duty) => duty.date >= today)
      .slice(0, NEXT_DUTIES_SHOWN);
  }, [own, today, rotaQuery.data, staff]);

  if (!own) return null;

  let content;
  if (rotaQuery.isError && !rotaQuery.data) {
    content = (
      <LoadError
        title="Failed to load your duties"
        error={rotaQuery.error}
        retrying={rotaQuery.isFetching}
        onRetry={() => void rotaQuery.refetch()}
      />
    );
  } else if (!next || !today) {
    content = (
      <div role="status" aria-label="Loading your duties">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (next.length === 0) {
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_NEXT_DUTIES_TEXT} />;
  } else {
    content = <DutyList duties={next} today={today} />;
  }

  return (
    <SectionCard title={TITLE}>
      {content}
      <div style={{ marginTop: 12 }}>
        <Link to="/my-rota">{ALL_DUTIES_TEXT}</Link>
      </div>
    </SectionCard>
  );
}
