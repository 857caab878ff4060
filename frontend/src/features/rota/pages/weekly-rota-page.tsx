import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Space, Tag } from 'antd';
import { useMemo, useState, type ComponentType } from 'react';

import type { HolidayDto } from '@/features/holidays/api';
import { useCan } from '@/shared/auth/access';
import {
  DISPLAY_DATE_FORMAT,
  formatDate,
  formatDateRange,
  isIsoDate,
  parseDate,
  SHORT_DATE_FORMAT,
  startOfWeek,
  toIsoDate,
  WEEKDAY_FORMAT,
} from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';
import { Paragraph, Text, Title } from '@/shared/ui/typography';

import '../rota.css';

import {
  useGetCurrentWeekQuery,
  type MyDutyDto,
  type RotaClosureDto,
  type RotaDayDto,
} from '../api';
import { AllDutiesGrid } from '../components/all-duties-grid';
import { DutySwitcher } from '../components/duty-switcher';
import { MyDutiesOfDay } from '../components/my-duties-of-day';
import { PrintButton } from '../components/print-button';
import { PrintHeading } from '../components/print-heading';
import {
  DaySlotButtons,
  HolidayNote,
  OutOfTermNote,
  useRotaPeriod,
} from '../components/rota-period';
import type { AccessDialogProps, DutyDialogProps, DutySlot } from '../lib/duty-slot';
import { printedDuties } from '../lib/print';
import { useDutyView } from '../lib/use-duty-view';
import { useMyDuties } from '../lib/use-my-duties';
import { WEEKLY_ROTA_INTRO, WEEKLY_ROTA_TITLE } from '../lib/weekly-rota-texts';
import { peopleOn } from '../lib/duty-view';
import {
  addWeeks,
  holidayOn,
  isAssigned,
  OUT_OF_TERM,
  UNFILLED,
  weekDates,
} from '../lib/rota-calendar';

const TITLE = WEEKLY_ROTA_TITLE;

/** A weekday the shown duty doesn't run on (docs/product.md#duties). */
const NOT_RUNNING = 'Not running';

interface WeeklyRotaPageProps {
  /** The duty dialog a slot opens for whoever may change the rota (composed in src/app). */
  DutyDialog: ComponentType<DutyDialogProps>;
  /** What a slot opens for anyone else: why not, and the requests they can make instead. */
  AccessDialog: ComponentType<AccessDialogProps>;
}

/** The Weekly Rota (/rota, docs/product.md#screens): one week, Monday to Friday, as five day cards. */
export function WeeklyRotaPage({ DutyDialog, AccessDialog }: WeeklyRotaPageProps) {
  const canManage = useCan('rota.manage');
  const currentWeek = useGetCurrentWeekQuery();
  const [chosenWeek, setChosenWeek] = useState<string>();
  const [slot, setSlot] = useState<DutySlot>();
  const [dutyOpen, setDutyOpen] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);

  // The week containing the organisation's today (docs/product.md#time-and-the-academic-year), from the server's clock.
  const todayIso = currentWeek.data?.today;
  const thisWeek = currentWeek.data?.weekStart;
  // A link may name the week (`?week=<any day of it>`, e.g. from the Dashboard's list of days that need someone).
  // docs/product.md#duties: the duty or duties shown, from the address.
  const { params, manyDuties, others, view, shown, shownDuty, chooseView, waiting } = useDutyView();
  const linked = params.get('week');
  const linkedWeek =
    linked && isIsoDate(linked) ? toIsoDate(startOfWeek(parseDate(linked))) : undefined;
  const monday = chosenWeek ?? linkedWeek ?? thisWeek;
  const dates = useMemo(() => (monday ? weekDates(monday) : []), [monday]);
  const range = monday ? { startDate: dates[0] ?? monday, endDate: dates[4] ?? monday } : undefined;
  const perDay = currentWeek.data?.dutyManagersPerDay ?? 2;
  // The slots a day shows: the duty managers per day, or what the shown duty needs that weekday.
  const slotsOn = (date: string) => (shown ? peopleOn(shown, date) : perDay);

  const {
    rotaDays,
    holidays: weekHolidays,
    outOfTerm,
    busy,
    error,
  } = useRotaPeriod(waiting ? undefined : range, shown?.id, { withRota: view !== 'all' });
  // docs/product.md#duties: each day's own duties of every kind, where the school runs more, on
  // the day cards (the all-duties grid shows everyone's).
  const mine = useMyDuties(range, manyDuties && view !== 'all');

  const openSlot = (date: string, position: number) => {
    setSlot({ date, position, day: rotaDays.get(date), ...(shownDuty && { duty: shownDuty }) });
    // Without rota rights: why not, and on their own duty the requests they can make instead.
    if (canManage) setDutyOpen(true);
    else setAccessOpen(true);
  };

  let body;
  if (error) {
    body = error;
  } else if (!weekHolidays) {
    body = (
      <div role="status" aria-label="Loading the rota">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (view === 'all') {
    body = (
      <AllDutiesGrid
        dates={dates}
        closedOn={(date) =>
          holidayOn(date, weekHolidays)?.name ??
          (holidayOn(date, outOfTerm) ? OUT_OF_TERM : undefined)
        }
      />
    );
  } else {
    body = (
      <div className="weekly-rota__days" aria-busy={busy || mine.busy}>
        {dates.map((date) => (
          <DayCard
            key={date}
            date={date}
            isToday={date === todayIso}
            perDay={slotsOn(date)}
            duty={shownDuty?.title}
            day={rotaDays.get(date)}
            holiday={holidayOn(date, weekHolidays)}
            outOfTerm={holidayOn(date, outOfTerm)}
            // "Unknown" means a person the server cannot name; an empty slot is unfilled, for
            // everyone (docs/product.md#screens). Managers still click it to assign.
            emptyText={UNFILLED}
            canAssign={canManage}
            onSlot={openSlot}
            mine={mine.byDate.get(date)}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="weekly-rota rota-print-area">
      <PageTitle title={TITLE} />
      <PrintHeading
        title={`${TITLE} — ${dates.length ? formatDateRange(dates[0] ?? '', dates[4] ?? '') : ''}`}
        duties={manyDuties ? printedDuties(view, shown) : undefined}
      />
      <Flex justify="space-between" align="start" wrap gap="middle">
        <div>
          <Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
            {TITLE}
          </Title>
          <Paragraph type="secondary" className="no-print">
            {WEEKLY_ROTA_INTRO}
          </Paragraph>
        </div>
        {/* The margin shows when the buttons wrap under the title (a phone): the week's dates
            below them would otherwise touch them. */}
        <Space wrap className="no-print" style={{ marginBottom: 16 }}>
          <Button disabled={!monday} onClick={() => monday && setChosenWeek(addWeeks(monday, -1))}>
            Previous Week
          </Button>
          <Button disabled={!thisWeek} onClick={() => setChosenWeek(thisWeek)}>
            Current Week
          </Button>
          <Button disabled={!monday} onClick={() => monday && setChosenWeek(addWeeks(monday, 1))}>
            Next Week
          </Button>
          <PrintButton />
        </Space>
      </Flex>
      {manyDuties && (
        <div style={{ marginBottom: 16 }}>
          <DutySwitcher value={view} onChange={chooseView} duties={others} />
        </div>
      )}
      {dates.length > 0 && (
        // Announced as the week changes; "Mon 8 Sep 2025 – Fri 12 Sep 2025".
        <Paragraph strong aria-live="polite" style={{ fontSize: 16 }}>
          {formatDateRange(dates[0] ?? '', dates[4] ?? '')}
        </Paragraph>
      )}
      {mine.failed && view !== 'all' && (
        <LoadError
          title="Failed to load your duties"
          error={mine.failed.error}
          retrying={mine.failed.isFetching}
          onRetry={() => void mine.failed?.refetch()}
          style={{ marginBottom: 16 }}
        />
      )}
      {body}
      {slot && canManage && (
        <DutyDialog
          open={dutyOpen}
          slot={slot}
          dutyManagersPerDay={slotsOn(slot.date)}
          onClose={() => setDutyOpen(false)}
          afterClose={() => setSlot(undefined)}
        />
      )}
      <AccessDialog
        open={accessOpen}
        slot={slot}
        dutyManagersPerDay={slot ? slotsOn(slot.date) : perDay}
        onClose={() => setAccessOpen(false)}
        afterClose={() => setSlot(undefined)}
      />
    </div>
  );
}

interface DayCardProps {
  date: string;
  isToday: boolean;
  perDay: number;
  day: RotaDayDto | undefined;
  holiday: HolidayDto | undefined;
  /** The span outside term time the day is in, if it is. */
  outOfTerm: RotaClosureDto | undefined;
  /** What an empty slot of an assigned day reads. */
  emptyText: string;
  /** May assign someone to a day nobody is on yet (rota.manage). */
  canAssign: boolean;
  onSlot: (date: string, position: number) => void;
  /** The duty's title when the day shows another duty than the Duty Manager's. */
  duty?: string;
  /** The signed-in person's duties that day, of every kind, in time order. */
  mine?: MyDutyDto[];
}

/**
 * One weekday: its date, then its holiday, that it is out of term, its duty managers or "No
 * assignment" (with an Assign button for whoever may change the rota, which opens the duty dialog
 * on its first slot). A closed day offers nothing to assign: nobody is on duty then.
 */
function DayCard({
  date,
  isToday,
  perDay,
  day,
  holiday,
  outOfTerm,
  emptyText,
  canAssign,
  onSlot,
  duty,
  mine,
}: DayCardProps) {
  const classes = ['weekly-rota__day'];
  if (isToday) classes.push('weekly-rota__day--today');
  if (holiday) classes.push('weekly-rota__day--holiday');
  else if (outOfTerm) classes.push('weekly-rota__day--closed');

  let content;
  if (holiday) {
    content = <HolidayNote holiday={holiday} gap={4} />;
  } else if (outOfTerm) {
    content = <OutOfTermNote closure={outOfTerm} gap={4} />;
  } else if (isAssigned(day)) {
    content = (
      <Flex vertical gap="small" align="stretch">
        <div>
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            Assigned
          </Tag>
        </div>
        <DaySlotButtons
          date={date}
          day={day}
          perDay={perDay}
          emptyText={emptyText}
          onSlot={onSlot}
          duty={duty}
        />
      </Flex>
    );
  } else if (perDay === 0) {
    // A weekday the shown duty doesn't run: nobody to assign.
    content = <Text type="secondary">{NOT_RUNNING}</Text>;
  } else {
    content = (
      <Flex vertical gap="small" align="start">
        <Text type="secondary">No assignment</Text>
        {canAssign && (
          <Button
            className="no-print"
            icon={<PlusOutlined aria-hidden />}
            aria-label={`${duty ? `Assign ${duty}` : 'Assign a duty manager'}, ${formatDate(date, SHORT_DATE_FORMAT)}`}
            onClick={() => onSlot(date, 1)}
          >
            Assign
          </Button>
        )}
      </Flex>
    );
  }

  return (
    <SectionCard
      title={formatDate(date, WEEKDAY_FORMAT)}
      size="small"
      className={classes.join(' ')}
      aria-current={isToday ? 'date' : undefined}
      extra={
        isToday && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            Today
          </Tag>
        )
      }
    >
      <Flex vertical gap="middle">
        <time dateTime={date}>{formatDate(date, DISPLAY_DATE_FORMAT)}</time>
        {content}
        <MyDutiesOfDay date={date} duties={mine} />
      </Flex>
    </SectionCard>
  );
}
