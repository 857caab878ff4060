import { DeleteOutlined } from '@ant-design/icons';
import { Col, Empty, Flex, Row, Skeleton, Tag, theme, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';

import { useGetCurrentWeekQuery } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { formatDateRange, parseDate } from '@/shared/lib/dates';
import { formatWeekdays } from '@/shared/lib/weekdays';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useDeleteRecurringUnavailabilityMutation,
  useGetRecurringUnavailabilityQuery,
  type RecurringUnavailabilityDto,
} from '../api';
import { repeatLabel, repeatOf, ruleName, sortRules } from '../lib/weekly-commitments';
import { AddWeeklyCommitmentForm } from './add-weekly-commitment-form';

/** The section's fixed texts (docs/product.md#texts-on-screen). */
const EMPTY_TEXT = 'No weekly commitments';
const DELETE_QUESTION = 'Delete this weekly commitment?';
const DELETE_NOTE = 'Duties already taken off the rota for it are not put back.';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface WeeklyCommitmentsSectionProps {
  /** The person whose weekly commitments are shown. */
  staff: StaffDto;
  /** Whether that is the signed-in person's own staff record. */
  isOwn: boolean;
}

/**
 * docs/product.md#unavailability, My Rota: a person's weekly commitments (weekdays they can't be on
 * duty, every week or in Week A or B) with a form to add one. Everyone manages their own; managers
 * and admins anyone's, for the person chosen on My Rota as with dated unavailability. Others see
 * nothing here (the unavailability section above already explains why).
 */
export function WeeklyCommitmentsSection({ staff, isOwn }: WeeklyCommitmentsSectionProps) {
  const canManageAnyone = useCan('unavailability.manage');
  if (!isOwn && !canManageAnyone) return null;
  const title = isOwn ? 'Weekly commitments' : `Weekly commitments — ${staff.name}`;
  return (
    <SectionCard title={title}>
      {/* Keyed by person so a half-filled form never carries over to someone else. */}
      <WeeklyCommitmentsBody key={staff.id} staff={staff} isOwn={isOwn} />
    </SectionCard>
  );
}

function WeeklyCommitmentsBody({ staff, isOwn }: WeeklyCommitmentsSectionProps) {
  const rulesQuery = useGetRecurringUnavailabilityQuery({ staffId: staff.id });
  // Only for the form's default dates: from the server's today to the end of its academic year.
  const weekQuery = useGetCurrentWeekQuery();
  const rules = useMemo(
    () => (rulesQuery.data ? sortRules(rulesQuery.data) : undefined),
    [rulesQuery.data],
  );
  const week = weekQuery.data;

  let list: ReactNode;
  if (rulesQuery.isError && !rulesQuery.data) {
    list = (
      <LoadError
        title="Failed to load weekly commitments"
        error={rulesQuery.error}
        retrying={rulesQuery.isFetching}
        onRetry={() => void rulesQuery.refetch()}
      />
    );
  } else if (!rules) {
    list = (
      <div role="status" aria-label="Loading weekly commitments">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (rules.length === 0) {
    list = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={EMPTY_TEXT}
        style={{ marginBlock: 8 }}
      />
    );
  } else {
    list = <WeeklyCommitmentList rules={rules} />;
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={15}>
        <Typography.Paragraph type="secondary">
          {isOwn
            ? 'Something on the same weekdays every week, or every other week, such as a club or a class? You are not put on duty on those days.'
            : `Weekdays on which ${staff.name} is regularly busy: they are not put on duty on those days.`}
        </Typography.Paragraph>
        {list}
      </Col>
      <Col xs={24} lg={9}>
        <SectionCard title="Add a weekly commitment" level={3} size="small" type="inner">
          {week || weekQuery.isError ? (
            <AddWeeklyCommitmentForm
              staff={staff}
              defaultStart={week ? parseDate(week.today) : undefined}
              defaultEnd={week ? parseDate(week.academicYear.endDate) : undefined}
            />
          ) : (
            // Waits for the dates rather than filling them in under someone typing.
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          )}
        </SectionCard>
      </Col>
    </Row>
  );
}

function WeeklyCommitmentList({ rules }: { rules: RecurringUnavailabilityDto[] }) {
  const [deleteRule, deleteState] = useDeleteRecurringUnavailabilityMutation();
  const { token } = theme.useToken();
  const toast = useToast();

  const remove = async (rule: RecurringUnavailabilityDto) => {
    try {
      await deleteRule({ id: rule.id }).unwrap();
      toast({ title: 'Success', description: 'Weekly commitment deleted' });
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to delete weekly commitment',
      });
    }
  };

  return (
    <ul aria-label="Weekly commitments" style={LIST_STYLE}>
      {rules.map((rule, index) => {
        const deleting = deleteState.isLoading && deleteState.originalArgs?.id === rule.id;
        return (
          <li
            key={rule.id}
            style={{
              padding: '12px 0',
              borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
            }}
          >
            <Flex justify="space-between" align="start" gap="middle">
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex align="center" gap="small" wrap>
                  <Typography.Text strong>
                    {formatWeekdays(rule.weekdays)}
                    {rule.startTime && rule.endTime ? ` ${rule.startTime}–${rule.endTime}` : ''}
                  </Typography.Text>
                  <Tag
                    color={repeatOf(rule) === 'every' ? 'blue' : 'purple'}
                    style={{ marginInlineEnd: 0 }}
                  >
                    {repeatLabel(rule)}
                  </Tag>
                  <Typography.Text>{formatDateRange(rule.startDate, rule.endDate)}</Typography.Text>
                </Flex>
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
                  {rule.reason}
                </Typography.Paragraph>
              </Flex>
              <ConfirmButton
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Delete weekly commitment ${ruleName(rule)}`}
                loading={deleting}
                confirmTitle={DELETE_QUESTION}
                confirmDescription={DELETE_NOTE}
                okText="Delete"
                okDanger
                onConfirm={() => remove(rule)}
              />
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
