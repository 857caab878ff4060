import { skipToken } from '@reduxjs/toolkit/query';
import { Flex, Select, Spin, Typography } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import {
  useGetCurrentWeekQuery,
  useGetRotaClosuresQuery,
  useGetRotaQuery,
} from '@/features/rota/api';
import { useGetStaffQuery, type StaffDto } from '@/features/staff/api';
import { useCan } from '@/shared/auth/access';
import { useAuthToken } from '@/shared/auth/auth-token';
import { ownStaffRecord } from '@/shared/auth/own-staff-record';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';
import { useIsPhone } from '@/shared/ui/use-is-phone';

import { activeStaffByName, dayCount, dutiesOf, dutiesWithPosts } from '../components/duties';
import { DutyList } from '../components/duty-list';
import { ExportCalendarButton } from '../components/export-calendar-button';
import { OutlookImportGuides } from '../components/outlook-import-guides';
import { useDutyPosts } from '../lib/use-duty-posts';

const TITLE = 'My Rota';

/** "1 duty day", "12 duty days". */
export function dutyDayCount(count: number): string {
  return `${count} duty ${count === 1 ? 'day' : 'days'}`;
}

interface MyRotaPageProps {
  /**
   * More about the selected person, shown below their duties: the app puts other features'
   * sections here (the unavailability section, docs/product.md#screens). `isOwn` tells whether that person is the
   * signed-in user's own staff record.
   */
  renderPersonExtras?: (person: StaffDto, isOwn: boolean) => ReactNode;
  /**
   * Above the staff member choice: the app puts other features' notes here (the offer to someone
   * without a staff record to add themselves, composed in src/app).
   */
  notes?: ReactNode;
}

/**
 * My Rota (docs/product.md#screens). Pick an active staff member (yourself by default, docs/product.md#accounts-and-sign-in; nobody for
 * someone without a staff record) and see their
 * duty days in the academic year containing the server's today, with who shares each day.
 */
export function MyRotaPage({ renderPersonExtras, notes }: MyRotaPageProps = {}) {
  const selectId = useId();
  const isPhone = useIsPhone();
  const token = useAuthToken();
  const userQuery = useGetCurrentUserQuery(undefined, { skip: !token });
  const weekQuery = useGetCurrentWeekQuery();
  const staffQuery = useGetStaffQuery();
  const year = weekQuery.data?.academicYear;
  const rotaQuery = useGetRotaQuery(
    year ? { startDate: year.startDate, endDate: year.endDate } : skipToken,
  );
  // The year's breaks between terms, shown among the duties so a gap reads as a holiday. Without
  // them (still loading, or failed) the duties alone are as true.
  const closuresQuery = useGetRotaClosuresQuery(
    year ? { startDate: year.startDate, endDate: year.endDate } : skipToken,
  );
  const breaks = useMemo(
    () => (closuresQuery.data ?? []).filter((closure) => closure.kind === 'out_of_term'),
    [closuresQuery.data],
  );
  const [chosenId, setChosenId] = useState<string>();

  const activeStaff = useMemo(() => activeStaffByName(staffQuery.data ?? []), [staffQuery.data]);
  const names = useMemo(
    () => new Map((staffQuery.data ?? []).map((person) => [person.id, person.name])),
    [staffQuery.data],
  );
  const own = ownStaffRecord(activeStaff, userQuery.data?.user);
  // Someone without a staff record of their own (an office admin) is asked whose rota to show:
  // showing the first person's duties would pass them off as theirs.
  const selected = activeStaff.find((person) => person.id === chosenId) ?? own;

  const duties = useMemo(
    () => (selected && rotaQuery.data ? dutiesOf(rotaQuery.data, selected.id, names) : []),
    [selected, rotaQuery.data, names],
  );
  // docs/product.md#duties: your own duties of every kind where the school runs more than one,
  // and a colleague's for an admin or manager (staff see a colleague's Duty Manager days).
  const canManage = useCan('rota.manage');
  const isOwn = Boolean(selected && selected.id === own?.id);
  const posts = useDutyPosts(
    isOwn,
    year && { startDate: year.startDate, endDate: year.endDate },
    canManage && !isOwn ? selected?.id : undefined,
  );
  const myDuties = posts.active ? posts.query.data : undefined;
  const listed = useMemo(
    () => (myDuties ? dutiesWithPosts(myDuties, duties) : duties),
    [myDuties, duties],
  );

  const failed = [weekQuery, staffQuery, rotaQuery, ...(posts.active ? [posts.query] : [])].filter(
    (query) => query.isError && !query.data,
  );
  // Waiting for the signed-in user too keeps the list from showing someone else first.
  const userPending = Boolean(token) && userQuery.isLoading;
  const loading =
    failed.length === 0 &&
    (userPending ||
      !weekQuery.data ||
      !staffQuery.data ||
      !rotaQuery.data ||
      !posts.settled ||
      (posts.active && !myDuties));

  let content;
  if (failed.length > 0) {
    content = (
      <LoadError
        title="Failed to load the rota"
        error={failed[0]?.error}
        retrying={failed.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  } else if (loading || !weekQuery.data) {
    content = (
      <Flex justify="center" style={{ padding: 24 }} role="status">
        <Spin description="Loading duties..." />
      </Flex>
    );
  } else if (!selected) {
    content = (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {activeStaff.length === 0
          ? 'No active staff members yet.'
          : 'Choose a staff member to see their rota.'}
      </Typography.Paragraph>
    );
  } else {
    content = <DutyList duties={listed} today={weekQuery.data.today} breaks={breaks} />;
  }

  // How many duty days, and the export of them.
  const summary = selected && !userPending && (
    <Flex align="center" gap="middle" wrap>
      {!loading && failed.length === 0 && (
        <Typography.Text type="secondary">{dutyDayCount(dayCount(listed))}</Typography.Text>
      )}
      {/* The export has the duties listed, of every kind, as the calendar feeds do. */}
      <ExportCalendarButton
        person={selected}
        duties={listed}
        timeZone={userQuery.data?.organization?.timezone}
        disabled={loading || failed.length > 0}
      />
    </Flex>
  );

  return (
    <>
      <PageTitle title={TITLE} />
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
        {TITLE}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {year ? `Duty days for academic year ${year.label}` : 'Duty days for this academic year'}
      </Typography.Paragraph>
      <Flex vertical gap="large">
        {notes}
        <Flex align="center" gap="small" wrap>
          <label htmlFor={selectId}>Staff member</label>
          <Select
            id={selectId}
            style={{ minWidth: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={staffQuery.isLoading}
            disabled={activeStaff.length === 0}
            placeholder={
              staffQuery.isLoading
                ? 'Loading...'
                : activeStaff.length === 0
                  ? 'No active staff'
                  : 'Choose a staff member'
            }
            options={activeStaff.map((person) => ({ value: person.id, label: person.name }))}
            value={userPending ? undefined : selected?.id}
            onChange={setChosenId}
          />
        </Flex>
        <SectionCard
          title="Duty Assignments"
          // Beside the title on a wide screen; on a phone the title would be squeezed to a few
          // letters under them, so they open the card's body instead.
          extra={isPhone ? undefined : summary}
        >
          {isPhone && summary && <div style={{ marginBottom: 16 }}>{summary}</div>}
          {content}
        </SectionCard>
        {/* docs/product.md#screens: the Outlook import guides, only when there are duties to export. */}
        {selected && !loading && failed.length === 0 && duties.length > 0 && (
          <OutlookImportGuides name={selected.name} />
        )}
        {/* docs/product.md#screens: "My Unavailability" and the like, for the selected person (composed in src/app). */}
        {selected && !userPending && renderPersonExtras?.(selected, selected.id === own?.id)}
      </Flex>
    </>
  );
}
