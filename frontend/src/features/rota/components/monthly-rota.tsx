import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Select, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';

import type { HolidayDto } from '@/features/holidays/api';
import { useCan } from '@/shared/auth/access';
import { formatDate, MONTH_FORMAT, SHORT_DAY_MONTH_FORMAT } from '@/shared/lib/dates';
import { SectionCard } from '@/shared/ui/section-card';

import '../rota.css';

import { useGetCurrentWeekQuery, type RotaDayDto } from '../api';
import {
  addMonths,
  CLICK_TO_ASSIGN,
  holidayOn,
  monthKeyOf,
  monthOptions,
  monthRange,
  monthWeeks,
  parseMonthKey,
  UNFILLED,
  type MonthWeek,
} from '../lib/rota-calendar';
import type { DutySlot } from './duty-dialog';
import { PrintButton } from './print-button';
import { RotaExportButton } from './rota-export-button';
import { DaySlotButtons, HolidayNote, useRotaPeriod } from './rota-period';

// The dialog (a form, a modal, pickers) opens only on a click: it is fetched right after the
// month first renders instead of with the dashboard's first download.
const loadDutyDialog = () => import('./duty-dialog');
const DutyDialog = lazy(async () => ({ default: (await loadDutyDialog()).DutyDialog }));

const TITLE = 'Monthly Rota';
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/**
 * The Monthly Rota (docs/product.md#screens), on the Dashboard: the month's weekdays in numbered weeks, each day with
 * its duty slots or its holiday. Clicking a slot opens the duty dialog. An empty slot invites
 * whoever may change the rota to assign someone, and reads "Unfilled" to anyone else.
 */
export function MonthlyRota() {
  const canManage = useCan('rota.manage');
  const currentWeek = useGetCurrentWeekQuery();
  const [chosenMonth, setChosenMonth] = useState<string>();
  const [slot, setSlot] = useState<DutySlot>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const monthPickerId = useId();

  useEffect(() => {
    void loadDutyDialog();
  }, []);

  // "Today" is the organisation's, from the server; never the browser's clock.
  const todayIso = currentWeek.data?.today;
  const currentMonth = todayIso && monthKeyOf(todayIso);
  const month = chosenMonth ?? currentMonth;
  const perDay = currentWeek.data?.dutyManagersPerDay ?? 2;
  const range = month ? monthRange(month) : undefined;

  const { rotaDays, holidays: monthHolidays, busy, error } = useRotaPeriod(range);

  const weeks = useMemo(() => (month ? monthWeeks(month) : []), [month]);
  const options = useMemo(() => (todayIso ? monthOptions(todayIso, month) : []), [todayIso, month]);
  // The arrows stay within the months the picker offers (docs/product.md#time-and-the-academic-year).
  const atFirst = !month || month <= (options[0]?.value ?? month);
  const atLast = !month || month >= (options.at(-1)?.value ?? month);

  const openSlot = (date: string, position: number) => {
    setSlot({ date, position, day: rotaDays.get(date) });
    setDialogOpen(true);
  };

  let body;
  if (error) {
    body = error;
  } else if (!month || !monthHolidays) {
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
    body = (
      <div className="monthly-rota" data-slots={Math.min(perDay, 5)} aria-busy={busy}>
        <div className="monthly-rota__weekdays" aria-hidden>
          {WEEKDAY_NAMES.map((name) => (
            <div key={name}>{name}</div>
          ))}
        </div>
        {weeks.map((week) => (
          <WeekRow
            key={week.number}
            week={week}
            todayIso={todayIso}
            perDay={perDay}
            rotaDays={rotaDays}
            holidays={monthHolidays}
            emptyText={canManage ? CLICK_TO_ASSIGN : UNFILLED}
            onSlot={openSlot}
          />
        ))}
      </div>
    );
  }

  const monthLabel = month ? formatDate(parseMonthKey(month), MONTH_FORMAT) : '';

  return (
    <SectionCard title={TITLE} className="monthly-rota-card rota-print-area">
      <div className="rota-print-title" data-title={`${TITLE} — ${monthLabel}`} aria-hidden />
      <Flex className="monthly-rota__toolbar no-print" justify="space-between" wrap gap="small">
        <Space wrap>
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label="Previous month"
            disabled={atFirst}
            onClick={() => month && setChosenMonth(addMonths(month, -1))}
          />
          <Select
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
            dutyManagersPerDay={perDay}
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
  todayIso: string | undefined;
  perDay: number;
  rotaDays: Map<string, RotaDayDto>;
  holidays: HolidayDto[];
  /** What an empty slot reads. */
  emptyText: string;
  onSlot: (date: string, position: number) => void;
}

/** "Week n" with its date range, and its five columns. */
function WeekRow({ week, todayIso, perDay, rotaDays, holidays, emptyText, onSlot }: WeekRowProps) {
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
      <div className="monthly-rota__days">
        {week.days.map((date, index) =>
          date ? (
            <DayCell
              key={date}
              date={date}
              isToday={date === todayIso}
              perDay={perDay}
              day={rotaDays.get(date)}
              holiday={holidayOn(date, holidays)}
              emptyText={emptyText}
              onSlot={onSlot}
            />
          ) : (
            <div key={`blank-${index}`} className="monthly-rota__blank" aria-hidden />
          ),
        )}
      </div>
    </div>
  );
}

interface DayCellProps {
  date: string;
  isToday: boolean;
  perDay: number;
  day: RotaDayDto | undefined;
  holiday: HolidayDto | undefined;
  emptyText: string;
  onSlot: (date: string, position: number) => void;
}

function DayCell({ date, isToday, perDay, day, holiday, emptyText, onSlot }: DayCellProps) {
  const classes = ['monthly-rota__day'];
  if (isToday) classes.push('monthly-rota__day--today');
  if (holiday) classes.push('monthly-rota__day--holiday');
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
      ) : (
        <DaySlotButtons
          date={date}
          day={day}
          perDay={perDay}
          emptyText={emptyText}
          onSlot={onSlot}
        />
      )}
    </div>
  );
}
