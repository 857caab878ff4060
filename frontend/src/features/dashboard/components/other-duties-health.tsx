import { DownOutlined, FormOutlined, UpOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Pagination, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { useGetDutiesQuery, type DutyDto } from '@/features/duties/api';
import {
  useFillUnassignedMutation,
  useGetAllDutiesHealthQuery,
  type DutyRule,
  type DutyUnfilledDto,
  type DutyViolationDto,
} from '@/features/rota/api';
import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { dutyTitle } from '@/shared/lib/duty-labels';
import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { useToast } from '@/shared/ui/toast';

import { countOf } from './format';
import { HealthCheckPending } from './health-check-pending';
import { unfilledDaysText, weekLink } from './rota-health';

const PAGE_SIZE = 10;
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The Weekly Rota of the week of `date` showing every duty: the rota feature keeps its view in
 * `?duty=all` (features/rota/lib/duty-view.ts, DUTY_VIEW_PARAM).
 */
export function allDutiesWeekLink(date: string): string {
  const week = weekLink(date);
  return week.includes('?') ? `${week}&duty=all` : `${week}?duty=all`;
}

/** The rules only several duties can break, and a paused or deleted duty's, in words. */
const DUTY_RULE_TEXTS: Partial<Record<DutyRule, string>> = {
  not_allowed: 'Not allowed on this duty',
  overlap: 'Two duties at once',
  daily_max: 'More duties in a day than the school allows',
  duty_paused: 'Duty paused',
  duty_deleted: 'Duty deleted',
  duty_not_running: 'The duty does not run that day',
};

/**
 * Why an assignment breaks a rule: the rules across duties in words; the Duty Manager's rules
 * (holiday, away, working pattern, …) as the Duty Manager's health line says them, the server's reason.
 */
export function dutyRuleText(violation: Pick<DutyViolationDto, 'rule' | 'reason'>): string {
  return DUTY_RULE_TEXTS[violation.rule] ?? violation.reason;
}

/** "Lunch — Field: 3 school days need someone". */
export function dutyUnfilledText(title: string, days: number): string {
  return `${title}: ${unfilledDaysText(days)}`;
}

/**
 * docs/product.md#duties: the Dashboard's health of every duty other than the Duty Manager duty
 * (whose line is RotaHealth's), for whoever may change the rota in a school that runs more than
 * it. Per duty, the school days from tomorrow to the end of the summer term that need someone,
 * each linking to its week with every duty shown, and "Fill every duty"; and any of its assignments
 * that breaks a hard rule (never, unless something is wrong). Nothing when all is well.
 */
export function OtherDutiesHealth() {
  const canManage = useCan('rota.manage');
  const duties = useGetDutiesQuery(undefined, { skip: !canManage });
  const manyDuties = (duties.data?.length ?? 0) > 1;
  const health = useGetAllDutiesHealthQuery({}, { skip: !canManage || !manyDuties });

  // A school that runs only the Duty Manager duty (or whose duties can't be read) sees today's Dashboard.
  if (!canManage || !manyDuties) return null;
  if (health.isError || !health.data) {
    return (
      <HealthCheckPending
        query={health}
        answered={health.data !== undefined}
        failed="Failed to check the other duties"
        checking="Checking the other duties…"
      />
    );
  }

  const known = new Map((duties.data ?? []).map((duty) => [duty.id, duty]));
  const titleOf = (id: string, name: string) => {
    const duty = known.get(id);
    return duty ? dutyTitle(duty) : name;
  };
  const dutyManager = duties.data?.find((duty) => duty.isDutyManager)?.id;
  const violating = health.data.duties
    .filter((duty) => duty.dutyId !== dutyManager && duty.violations.length > 0)
    .map((duty) => ({ title: titleOf(duty.dutyId, duty.name), ...duty }));
  const unfilled = health.data.unfilled.map((duty) => ({
    title: titleOf(duty.dutyId, duty.dutyName),
    ...duty,
  }));
  if (violating.length + unfilled.length === 0) return null;

  return (
    <Flex vertical gap="small">
      {violating.length > 0 && <Violations duties={violating} />}
      {unfilled.length > 0 && <UnfilledDuties duties={unfilled} running={duties.data ?? []} />}
    </Flex>
  );
}

function UnfilledDuties({
  duties,
  running,
}: {
  duties: (DutyUnfilledDto & { title: string })[];
  running: DutyDto[];
}) {
  const [fillUnassigned, fillState] = useFillUnassignedMutation();
  const toast = useToast();

  // Fill plans the duties it is given together; without any it plans the Duty Manager duty only.
  const fillEveryDuty = async () => {
    const dutyIds = running.filter((duty) => !duty.paused).map((duty) => duty.id);
    try {
      const result = await fillUnassigned({
        bulkRotaDto: { allWeekdays: false, dutyIds },
      }).unwrap();
      toast({ title: 'Fill Complete', description: result.message });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Fill Failed',
        description: getServerMessage(error) ?? 'Failed to fill unassigned dates',
      });
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      title="Other duties"
      description={
        <Flex vertical gap="small" align="start">
          <ul aria-label="Other duties that need someone" style={LIST_STYLE}>
            {duties.map((duty) => (
              <li key={duty.dutyId}>
                <DutyDays duty={duty} />
              </li>
            ))}
          </ul>
          <Button
            icon={<FormOutlined aria-hidden />}
            loading={fillState.isLoading}
            onClick={() => void fillEveryDuty()}
          >
            Fill every duty
          </Button>
        </Flex>
      }
    />
  );
}

function DutyDays({ duty }: { duty: DutyUnfilledDto & { title: string } }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const listId = useId();
  const shown = duty.days.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <>
      <Button
        type="link"
        aria-expanded={open}
        aria-controls={listId}
        icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
        iconPlacement="end"
        style={{
          padding: 0,
          height: 'auto',
          fontWeight: 600,
          whiteSpace: 'normal',
          textAlign: 'start',
        }}
        onClick={() => setOpen((was) => !was)}
      >
        {dutyUnfilledText(duty.title, duty.days.length)}
      </Button>
      <div id={listId} hidden={!open}>
        {open && (
          <>
            <ul aria-label={`${duty.title}: school days that need someone`} style={LIST_STYLE}>
              {shown.map((day) => (
                <li key={day.date} style={{ padding: '4px 0' }}>
                  <Link to={allDutiesWeekLink(day.date)}>
                    {formatDate(day.date, SHORT_DATE_FORMAT)}
                  </Link>{' '}
                  <Typography.Text type="secondary">
                    {`${countOf(day.missing, 'person', 'people')} missing`}
                  </Typography.Text>
                </li>
              ))}
            </ul>
            <Pagination
              size="small"
              simple
              hideOnSinglePage
              current={page}
              pageSize={PAGE_SIZE}
              total={duty.days.length}
              onChange={setPage}
              style={{ margin: '4px 0 8px' }}
            />
          </>
        )}
      </div>
    </>
  );
}

function Violations({
  duties,
}: {
  duties: { dutyId: string; title: string; violations: DutyViolationDto[] }[];
}) {
  return (
    <Alert
      type="error"
      showIcon
      title="Some other duties break the rota's rules"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            This should never happen. Each of these duties needs changing on the rota.
          </Typography.Paragraph>
          {duties.map((duty) => (
            <ul
              key={duty.dutyId}
              aria-label={`${duty.title}: duties that break the rota's rules`}
              style={{ margin: 0 }}
            >
              {duty.violations.map((v) => (
                <li key={`${v.date}|${v.position}|${v.staffId}`}>
                  <Link to={allDutiesWeekLink(v.date)}>
                    {formatDate(v.date, SHORT_DATE_FORMAT)}
                  </Link>
                  {`, ${duty.title} ${v.position}: ${v.staffName} — ${dutyRuleText(v)}`}
                </li>
              ))}
            </ul>
          ))}
        </>
      }
    />
  );
}
