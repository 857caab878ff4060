import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Collapse, Empty, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { Suspense, useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';

import type { HolidayDto } from '@/features/holidays/api';
import { getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import { useCan } from '@/shared/auth/access';
import { formatDate, MONTH_FORMAT, SHORT_DAY_MONTH_FORMAT } from '@/shared/lib/dates';
import { dutyTitle } from '@/shared/lib/duty-labels';
import { LazySelect } from '@/shared/ui/lazy-select';
import { SectionCard } from '@/shared/ui/section-card';
import { useIsPhone } from '@/shared/ui/use-is-phone';

import '../rota.css';

import {
  useGetCurrentWeekQuery,
  useGetRotaGridQuery,
  type MyDutyDto,
  type RotaClosureDto,
  type RotaDayDto,
} from '../api';
import {
  addMonths,
  CLICK_TO_ASSIGN,
  holidayOn,
  monthKeyOf,
  monthOptions,
  monthRange,
  monthWeeks,
  parseMonthKey,
  pastWeekNumbers,
  UNFILLED,
  type MonthWeek,
} from '../lib/rota-calendar';
import type { DutyDialogProps, DutySlot } from '../lib/duty-slot';
import { printedDuties } from '../lib/print';
import { useDutyView } from '../lib/use-duty-view';
import { useMyDuties } from '../lib/use-my-duties';
import { peopleOn } from '../lib/duty-view';
import { DutySwitcher } from './duty-switcher';
import { MyDutiesOfDay } from './my-duties-of-day';
import { PrintButton } from './print-button';
import { PrintHeading } from './print-heading';
import { RotaExportButton } from './rota-export-button';
import { DaySlotButtons, HolidayNote, OutOfTermNote, useRotaPeriod } from './rota-period';

const TITLE = 'Monthly Rota';
/** A weekday the shown duty doesn't run on (docs/product.md#duties). */
const NOT_RUNNING = 'Not running';
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

interface MonthlyRotaProps {
  /**
   * The dialog a slot opens (composed in src/app from the features it needs). It may be lazy: it
   * renders inside a Suspense boundary of its own.
   */
  DutyDialog: ComponentType<DutyDialogProps>;
}

/**
 * The Monthly Rota (docs/product.md#screens), on the Dashboard: the month's weekdays in numbered weeks, each day with
 * its duty slots or its holiday. Clicking a slot opens the duty dialog. An empty slot invites
 * whoever may change the rota to assign someone, and reads "Unfilled" to anyone else.
 */
export function MonthlyRota({ DutyDialog }: MonthlyRotaProps) {
  const canManage = useCan('rota.manage');
  const isPhone = useIsPhone();
  const currentWeek = useGetCurrentWeekQuery();
  const [chosenMonth, setChosenMonth] = useState<string>();
  const [slot, setSlot] = useState<DutySlot>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const monthPickerId = useId();

  // "Today" is the organisation's, from the server; never the browser's clock.
  const todayIso = currentWeek.data?.today;
  const currentMonth = todayIso && monthKeyOf(todayIso);
  const month = chosenMonth ?? currentMonth;
  const perDay = currentWeek.data?.dutyManagersPerDay ?? 2;
  const range = month ? monthRange(month) : undefined;

  // docs/product.md#duties: the duty or duties shown, from the address.
  const { manyDuties, others, view, shown, shownDuty, chooseView, waiting } = useDutyView();
  // The slots a day shows: the duty managers per day, or what the shown duty needs that weekday.
  const slotsOn = (date: string) => (shown ? peopleOn(shown, date) : perDay);
  const mostSlots = shown ? Math.max(1, ...shown.weekdays.map((w) => w.people)) : perDay;

  const {
    rotaDays,
    holidays: monthHolidays,
    outOfTerm,
    busy,
    error,
  } = useRotaPeriod(waiting ? undefined : range, shown?.id);
  const grid = useGetRotaGridQuery(view === 'all' && range ? range : skipToken);
  // docs/product.md#duties: each day's own duties of every kind, where the school runs more.
  const mine = useMyDuties(range, manyDuties);
  const dutiesOn = useMemo(() => {
    const byDate = new Map<string, DutyOfDay[]>();
    const data = grid.currentData;
    if (!data) return byDate;
    const titles = new Map(data.duties.map((duty) => [duty.id, dutyTitle(duty)]));
    for (const day of data.days) {
      byDate.set(
        day.date,
        day.duties.map((cell) => ({
          dutyId: cell.dutyId,
          title: titles.get(cell.dutyId) ?? '',
          names: cell.slots.flatMap((slot) => (slot.staff ? [slot.staff.name] : [])),
          unfilled: cell.slots.filter((slot) => !slot.staff).length,
        })),
      );
    }
    return byDate;
  }, [grid.currentData]);

  const weeks = useMemo(() => (month ? monthWeeks(month) : []), [month]);
  const options = useMemo(() => (todayIso ? monthOptions(todayIso, month) : []), [todayIso, month]);
  // The arrows stay within the months the picker offers (docs/product.md#time-and-the-academic-year).
  const atFirst = !month || month <= (options[0]?.value ?? month);
  const atLast = !month || month >= (options.at(-1)?.value ?? month);

  const openSlot = (date: string, position: number) => {
    setSlot({ date, position, day: rotaDays.get(date), ...(shownDuty && { duty: shownDuty }) });
    setDialogOpen(true);
  };

  let body;
  if (error) {
    body = error;
  } else if (view === 'all' && grid.isError && !grid.currentData) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Failed to load the duties"
        description={getServerMessage(grid.error) ?? 'Please try again.'}
        action={<Button onClick={() => void grid.refetch()}>Retry</Button>}
      />
    );
  } else if (!month || !monthHolidays || (view === 'all' && !grid.currentData)) {
    body = (
      <div role="status" aria-label="Loading the rota">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (weeks.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No weekdays found in this month" />
    );
  } else {
    const renderDays = (week: MonthWeek, labelledBy?: string) => (
      <WeekDays
        week={week}
        labelledBy={labelledBy}
        todayIso={todayIso}
        slotsOn={slotsOn}
        duty={shownDuty?.title}
        dutiesOn={view === 'all' ? dutiesOn : undefined}
        mineOn={mine.byDate}
        rotaDays={rotaDays}
        holidays={monthHolidays}
        outOfTerm={outOfTerm}
        emptyText={canManage ? CLICK_TO_ASSIGN : UNFILLED}
        onSlot={openSlot}
      />
    );
    body = (
      <div
        className="monthly-rota"
        data-slots={Math.min(mostSlots, 5)}
        aria-busy={busy || grid.isFetching || mine.busy}
      >
        {mine.failed && (
          <LoadError
            title="Failed to load your duties"
            error={mine.failed.error}
            retrying={mine.failed.isFetching}
            onRetry={() => void mine.failed?.refetch()}
            style={{ marginBottom: 12 }}
          />
        )}
        {isPhone ? (
          <PhoneWeeks
            // A new month opens with its own weeks folded or not.
            key={month}
            weeks={weeks}
            // Only this month's past weeks fold away: a month chosen on purpose shows in full.
            folded={month === currentMonth && todayIso ? pastWeekNumbers(weeks, todayIso) : []}
            renderDays={renderDays}
          />
        ) : (
          <>
            <div className="monthly-rota__weekdays" aria-hidden>
              {WEEKDAY_NAMES.map((name) => (
                <div key={name}>{name}</div>
              ))}
            </div>
            {weeks.map((week) => (
              <WeekRow key={week.number} week={week} renderDays={renderDays} />
            ))}
          </>
        )}
      </div>
    );
  }

  const monthLabel = month ? formatDate(parseMonthKey(month), MONTH_FORMAT) : '';

  return (
    <SectionCard title={TITLE} className="monthly-rota-card rota-print-area">
      <PrintHeading
        title={`${TITLE} — ${monthLabel}`}
        duties={manyDuties ? printedDuties(view, shown) : undefined}
      />
      <Flex className="monthly-rota__toolbar no-print" justify="space-between" wrap gap="small">
        <Space wrap>
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label="Previous month"
            disabled={atFirst}
            onClick={() => month && setChosenMonth(addMonths(month, -1))}
          />
          <LazySelect<string>
            id={monthPickerId}
            aria-label="Month"
            // Two years of months: few enough to render all, so every one can be found.
            virtual={false}
            style={{ width: 180 }}
            value={month}
            options={options}
            disabled={!month}
            onChange={(value: string) => setChosenMonth(value)}
          />
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label="Next month"
            disabled={atLast}
            onClick={() => month && setChosenMonth(addMonths(month, 1))}
          />
          {currentMonth && month !== currentMonth && (
            <Button onClick={() => setChosenMonth(currentMonth)}>Today</Button>
          )}
        </Space>
        {manyDuties && <DutySwitcher value={view} onChange={chooseView} duties={others} />}
        <Space wrap>
          {month && <RotaExportButton month={month} />}
          <PrintButton />
        </Space>
      </Flex>
      {body}
      {slot && (
        <Suspense fallback={null}>
          <DutyDialog
            open={dialogOpen}
            slot={slot}
            dutyManagersPerDay={slotsOn(slot.date)}
            onClose={() => setDialogOpen(false)}
            afterClose={() => setSlot(undefined)}
          />
        </Suspense>
      )}
    </SectionCard>
  );
}

interface WeekRowProps {
  week: MonthWeek;
  renderDays: (week: MonthWeek) => ReactNode;
}

/** "Week n" with its date range, and its five columns. */
function WeekRow({ week, renderDays }: WeekRowProps) {
  const titleId = useId();
  const rangeId = useId();
  return (
    <div className="monthly-rota__week" role="group" aria-labelledby={`${titleId} ${rangeId}`}>
      <div className="monthly-rota__week-header">
        <h3 id={titleId} className="monthly-rota__week-title">
          Week {week.number}
        </h3>
        <span id={rangeId} className="monthly-rota__week-range">
          {week.rangeLabel}
        </span>
      </div>
      {renderDays(week)}
    </div>
  );
}

interface PhoneWeeksProps {
  weeks: MonthWeek[];
  /** The numbers of the weeks that start folded. */
  folded: number[];
  /** The week's five columns, in a group named by the elements with the ids `labelledBy`. */
  renderDays: (week: MonthWeek, labelledBy: string) => ReactNode;
}

/**
 * docs/product.md#screens, on a phone: the month's weeks one under the other, each under a header
 * that folds it ("Week 1 1 Sep – 5 Sep", a button: Enter opens and closes it). The weeks already
 * past start folded, so the month opens at this week instead of at its first day.
 */
function PhoneWeeks({ weeks, folded, renderDays }: PhoneWeeksProps) {
  const idPrefix = useId();
  return (
    <Collapse
      ghost
      className="monthly-rota__weeks"
      // The days line up with the card's content, as the weeks do on a wider screen.
      styles={{ header: { paddingInline: 0 }, body: { padding: '0 0 8px' } }}
      defaultActiveKey={weeks
        .filter((week) => !folded.includes(week.number))
        .map((week) => String(week.number))}
      expandIcon={({ isActive }) => <RightOutlined aria-hidden rotate={isActive ? 90 : 0} />}
      items={weeks.map((week) => {
        const titleId = `${idPrefix}-week-${week.number}`;
        const rangeId = `${titleId}-range`;
        return {
          key: String(week.number),
          label: (
            <>
              <span id={titleId} className="monthly-rota__week-title">
                Week {week.number}
              </span>{' '}
              <span id={rangeId} className="monthly-rota__week-range">
                {week.rangeLabel}
              </span>
            </>
          ),
          children: renderDays(week, `${titleId} ${rangeId}`),
        };
      })}
    />
  );
}

/** One duty of a day in the month of every duty: its title, who is on it, and its empty slots. */
interface DutyOfDay {
  dutyId: string;
  title: string;
  names: string[];
  unfilled: number;
}

interface WeekDaysProps {
  week: MonthWeek;
  /** The ids of the week's title and range, when the days are a group of their own. */
  labelledBy?: string;
  todayIso: string | undefined;
  /** The slots a day shows. */
  slotsOn: (date: string) => number;
  /** The shown duty's title when it is not the Duty Manager duty. */
  duty?: string;
  /** Every duty of each day, in the month of every duty. */
  dutiesOn?: Map<string, DutyOfDay[]>;
  /** The signed-in person's duties of every kind by date (none in a school with one duty). */
  mineOn?: Map<string, MyDutyDto[]>;
  rotaDays: Map<string, RotaDayDto>;
  holidays: HolidayDto[];
  /** The spans outside term time. */
  outOfTerm: RotaClosureDto[];
  /** What an empty slot reads. */
  emptyText: string;
  onSlot: (date: string, position: number) => void;
}

/** A week's five columns, Monday to Friday; a blank for a day outside the month. */
function WeekDays({
  week,
  labelledBy,
  todayIso,
  slotsOn,
  duty,
  dutiesOn,
  mineOn,
  rotaDays,
  holidays,
  outOfTerm,
  emptyText,
  onSlot,
}: WeekDaysProps) {
  return (
    <div
      className="monthly-rota__days"
      role={labelledBy ? 'group' : undefined}
      aria-labelledby={labelledBy}
    >
      {week.days.map((date, index) =>
        date ? (
          <DayCell
            key={date}
            date={date}
            isToday={date === todayIso}
            perDay={slotsOn(date)}
            duty={duty}
            duties={dutiesOn?.get(date)}
            mine={mineOn?.get(date)}
            day={rotaDays.get(date)}
            holiday={holidayOn(date, holidays)}
            outOfTerm={holidayOn(date, outOfTerm)}
            emptyText={emptyText}
            onSlot={onSlot}
          />
        ) : (
          <div key={`blank-${index}`} className="monthly-rota__blank" aria-hidden />
        ),
      )}
    </div>
  );
}

interface DayCellProps {
  date: string;
  isToday: boolean;
  perDay: number;
  day: RotaDayDto | undefined;
  holiday: HolidayDto | undefined;
  /** The span outside term time the day is in, if it is. */
  outOfTerm: RotaClosureDto | undefined;
  emptyText: string;
  onSlot: (date: string, position: number) => void;
  /** The shown duty's title when it is not the Duty Manager duty. */
  duty?: string;
  /** In the month of every duty: the day's duties with their people. */
  duties?: DutyOfDay[];
  /** The signed-in person's duties that day, of every kind, in time order. */
  mine?: MyDutyDto[];
}

/**
 * A weekday: its holiday, else that it is out of term, else its slots (or every duty with its
 * people, in the month of every duty; "Not running" on a weekday the shown duty doesn't run). A closed day has nothing
 * to click and no empty box: nobody is on duty then, so it is no gap to fill.
 */
function DayCell({
  date,
  isToday,
  perDay,
  day,
  holiday,
  outOfTerm,
  emptyText,
  onSlot,
  duty,
  duties,
  mine,
}: DayCellProps) {
  const classes = ['monthly-rota__day'];
  if (isToday) classes.push('monthly-rota__day--today');
  if (holiday) classes.push('monthly-rota__day--holiday');
  else if (outOfTerm) classes.push('monthly-rota__day--closed');
  return (
    <div className={classes.join(' ')} data-date={date}>
      <Flex justify="space-between" align="center" gap={4} wrap>
        <time
          className="monthly-rota__date"
          dateTime={date}
          aria-current={isToday ? 'date' : undefined}
        >
          {formatDate(date, SHORT_DAY_MONTH_FORMAT)}
        </time>
        {isToday && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            Today
          </Tag>
        )}
      </Flex>
      {holiday ? (
        <HolidayNote holiday={holiday} gap={2} />
      ) : outOfTerm ? (
        <OutOfTermNote closure={outOfTerm} gap={2} />
      ) : duties ? (
        <DutiesOfDay duties={duties} />
      ) : perDay === 0 && !day ? (
        <Typography.Text type="secondary">{NOT_RUNNING}</Typography.Text>
      ) : (
        <DaySlotButtons
          date={date}
          day={day}
          perDay={perDay}
          emptyText={emptyText}
          onSlot={onSlot}
          duty={duty}
        />
      )}
      <MyDutiesOfDay date={date} duties={mine} />
    </div>
  );
}

/** A day's duties in the month of every duty, compact: "Lunch — Field: Ann Lee, Unfilled". */
function DutiesOfDay({ duties }: { duties: DutyOfDay[] }) {
  if (!duties.length) return <Typography.Text type="secondary">No duties</Typography.Text>;
  return (
    <ul className="monthly-rota__duties">
      {duties.map((duty) => (
        <li key={duty.dutyId}>
          <Typography.Text strong>{duty.title}</Typography.Text>:{' '}
          {[...duty.names, ...Array.from({ length: duty.unfilled }, () => UNFILLED)].join(', ')}
        </li>
      ))}
    </ul>
  );
}
