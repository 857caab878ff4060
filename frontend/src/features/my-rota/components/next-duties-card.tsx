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

import { useDutyPosts } from '../lib/use-duty-posts';
import { activeStaffByName, dutiesOf, dutiesWithPosts } from './duties';
import { DutyList } from './duty-list';

const TITLE = 'Your next duties';
/** How many of the coming duties the card lists; My Rota has them all. */
export const NEXT_DUTIES_SHOWN = 3;
export const NO_NEXT_DUTIES_TEXT = 'No duties coming up this academic year';
export const ALL_DUTIES_TEXT = 'All your duties';

/**
 * docs/product.md#screens, the Dashboard on a phone: the signed-in person's next few duties from
 * today on (the server's today), each with who else is on (each duty with its place, times and
 * instructions where the school runs more than the Duty Manager duty, docs/product.md#duties),
 * and a link to all of them on My Rota.
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
  // docs/product.md#duties: every kind of duty where the school runs more than one.
  const posts = useDutyPosts(
    Boolean(own),
    year && { startDate: year.startDate, endDate: year.endDate },
  );
  const myDuties = posts.active ? posts.query.data : undefined;

  const next = useMemo(() => {
    if (!own || !today || !rotaQuery.data || !posts.settled) return undefined;
    if (posts.active && !myDuties) return undefined;
    const names = new Map((staff ?? []).map((person) => [person.id, person.name]));
    const dutyManagerDays = dutiesOf(rotaQuery.data, own.id, names);
    return (myDuties ? dutiesWithPosts(myDuties, dutyManagerDays) : dutyManagerDays)
      .filter((duty) => duty.date >= today)
      .slice(0, NEXT_DUTIES_SHOWN);
  }, [own, today, rotaQuery.data, staff, posts.settled, posts.active, myDuties]);

  if (!own) return null;

  const failed = [rotaQuery, ...(posts.active ? [posts.query] : [])].find(
    (query) => query.isError && !query.data,
  );
  let content;
  if (failed) {
    content = (
      <LoadError
        title="Failed to load your duties"
        error={failed.error}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
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
