import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';

import { useGetCurrentWeekQuery } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import { useAccess, useCan } from '@/shared/auth/access';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetStaffUnavailabilityQuery, type UnavailabilityDto } from '../api';
import { splitByToday } from '../lib/periods';
import { AddUnavailabilityDialog } from './add-unavailability-dialog';
import { UnavailabilityList } from './unavailability-list';

const UPCOMING_TITLE = 'Upcoming & Current';
const PAST_TITLE = 'Past';
const NO_UPCOMING_TEXT = 'No upcoming or current unavailability';
const NO_PAST_TEXT = 'No past unavailability';
const NOT_ALLOWED_TEXT = "Only managers and administrators can see other people's unavailability.";

interface UnavailabilitySectionProps {
  /** The person whose unavailability is shown. */
  staff: StaffDto;
  /** Whether that is the signed-in person's own staff record. */
  isOwn: boolean;
}

/** "My Unavailability" for one's own record, else "Unavailability — Ann Lee". */
function unavailabilityTitle(staff: StaffDto, isOwn: boolean): string {
  return isOwn ? 'My Unavailability' : `Unavailability — ${staff.name}`;
}

function Loading() {
  return (
    <div role="status" aria-label="Loading unavailability">
      <Skeleton active title={false} paragraph={{ rows: 3 }} />
    </div>
  );
}

/**
 * docs/product.md#unavailability, My Rota: a person's unavailability periods, split into Upcoming & Current and Past,
 * with the Add Unavailability card and dialog. Everyone manages their own; managers and admins
 * anyone's (docs/product.md#roles-and-permissions). Others see a note, and nothing is asked of the server.
 */
export function UnavailabilitySection({ staff, isOwn }: UnavailabilitySectionProps) {
  const access = useAccess();
  const canManageAnyone = useCan('unavailability.manage');
  const title = unavailabilityTitle(staff, isOwn);

  let content: ReactNode;
  if (isOwn || canManageAnyone) {
    // Keyed by person so a dialog left half-filled never carries over to someone else.
    content = <UnavailabilityBody key={staff.id} staff={staff} isOwn={isOwn} />;
  } else if (access.status === 'loading') {
    content = <Loading />;
  } else {
    content = (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {NOT_ALLOWED_TEXT}
      </Typography.Paragraph>
    );
  }

  return <SectionCard title={title}>{content}</SectionCard>;
}

function UnavailabilityBody({ staff, isOwn }: UnavailabilitySectionProps) {
  const weekQuery = useGetCurrentWeekQuery();
  const periodsQuery = useGetStaffUnavailabilityQuery({ staffId: staff.id });
  const [dialogMounted, setDialogMounted] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The period the dialog changes; none when it adds one.
  const [editing, setEditing] = useState<UnavailabilityDto>();
  const openDialog = (period?: UnavailabilityDto) => {
    setEditing(period);
    setDialogMounted(true);
    setDialogOpen(true);
  };
  const upcomingId = useId();
  const pastId = useId();

  const today = weekQuery.data?.today;
  const periods = useMemo(
    () => (today && periodsQuery.data ? splitByToday(periodsQuery.data, today) : undefined),
    [today, periodsQuery.data],
  );

  const failed = [weekQuery, periodsQuery].filter((query) => query.isError && !query.data);

  let lists: ReactNode;
  if (failed.length > 0) {
    lists = (
      <LoadError
        title="Failed to load unavailability"
        error={failed[0]?.error}
        retrying={failed.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  } else if (!periods || !today) {
    lists = <Loading />;
  } else {
    lists = (
      <Flex vertical gap="middle">
        <section aria-labelledby={upcomingId}>
          <Typography.Title id={upcomingId} level={3} style={{ fontSize: 16, marginTop: 0 }}>
            {UPCOMING_TITLE}
          </Typography.Title>
          <UnavailabilityList
            periods={periods.upcoming}
            label="Upcoming and current unavailability"
            emptyText={NO_UPCOMING_TEXT}
            today={today}
            onEdit={openDialog}
          />
        </section>
        <section aria-labelledby={pastId}>
          <Typography.Title id={pastId} level={3} style={{ fontSize: 16, marginTop: 0 }}>
            {PAST_TITLE}
          </Typography.Title>
          <UnavailabilityList
            periods={periods.past}
            label="Past unavailability"
            emptyText={NO_PAST_TEXT}
            today={today}
            onEdit={openDialog}
          />
        </section>
      </Flex>
    );
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={15}>
        {lists}
      </Col>
      <Col xs={24} lg={9}>
        <SectionCard title="Add Unavailability" level={3} size="small" type="inner">
          <Typography.Paragraph type="secondary">
            {isOwn
              ? 'On leave, off sick or away on training? Record it here and you are taken off any duties in that period.'
              : `Record when ${staff.name} is away; they are taken off any duties in that period.`}
          </Typography.Paragraph>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDialog()}>
            Add Unavailability
          </Button>
        </SectionCard>
      </Col>
      {dialogMounted && (
        <AddUnavailabilityDialog
          // A fresh form for each period (and for a new one).
          key={editing?.id ?? 'new'}
          open={dialogOpen}
          staff={staff}
          isOwn={isOwn}
          period={editing}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialogMounted(false)}
        />
      )}
    </Row>
  );
}
