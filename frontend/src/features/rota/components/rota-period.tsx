import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Flex, Tag } from 'antd';
import { useMemo, type ReactNode } from 'react';

import { useGetHolidaysQuery, type HolidayDto } from '@/features/holidays/api';
import { getServerMessage } from '@/shared/api/errors';
import { daySlots } from '@/shared/lib/rota-day';
import { Text } from '@/shared/ui/typography';

import {
  useGetCurrentWeekQuery,
  useGetRotaClosuresQuery,
  useGetRotaQuery,
  type RotaClosureDto,
  type RotaDayDto,
} from '../api';
import { daysByDate, holidayTypeLabel, OUT_OF_TERM } from '../lib/rota-calendar';
import { SlotButton } from './slot-button';

export interface DateRange {
  startDate: string;
  endDate: string;
}

export interface RotaPeriod {
  /** The period's rota days by date; empty while another period loads. */
  rotaDays: Map<string, RotaDayDto>;
  /** The period's holidays, once they, the rota and the days out of term have loaded for this period. */
  holidays: HolidayDto[] | undefined;
  /** The spans of the period outside term time (none in a year without term dates); loaded with the holidays. */
  outOfTerm: RotaClosureDto[];
  /** Refetching in the background: the shown period is about to change. */
  busy: boolean;
  /** "Failed to load the rota" with a Retry of whatever failed, or null. */
  error: ReactNode;
}

/**
 * What the month and week views both show: the rota, the holidays and the days out of term of
 * `range`, and the current week (for today). `currentData`, not `data`: while another period
 * loads, the last period's people must not show. The rota is the Duty Manager duty's, or
 * `dutyId`'s (docs/product.md#duties); none with `withRota: false` (the all-duties grid reads
 * its own, and needs only the period's closures).
 */
export function useRotaPeriod(
  range: DateRange | undefined,
  dutyId?: string,
  { withRota = true }: { withRota?: boolean } = {},
): RotaPeriod {
  const currentWeek = useGetCurrentWeekQuery();
  // The Duty Manager duty's rota is asked for as the spec asks for it: without a duty.
  const rota = useGetRotaQuery(
    range && withRota ? (dutyId ? { ...range, dutyId } : range) : skipToken,
  );
  const holidays = useGetHolidaysQuery(range ?? skipToken);
  // The rota lists only days with people on them: the closures tell a day out of term from a gap.
  const closures = useGetRotaClosuresQuery(range ?? skipToken);
  const rotaDays = useMemo(() => daysByDate(rota.currentData), [rota.currentData]);
  const outOfTerm = useMemo(
    () => (closures.currentData ?? []).filter((closure) => closure.kind === 'out_of_term'),
    [closures.currentData],
  );

  const failed = [currentWeek, rota, holidays, closures].filter((query) => query.isError);
  const error = failed.length ? (
    <Alert
      type="error"
      showIcon
      title="Failed to load the rota"
      description={getServerMessage(failed[0]!.error) ?? 'Please try again.'}
      action={
        <Button onClick={() => failed.forEach((query) => void query.refetch())}>Retry</Button>
      }
    />
  ) : null;

  return {
    rotaDays,
    holidays:
      (rota.currentData || !withRota) && closures.currentData ? holidays.currentData : undefined,
    outOfTerm,
    busy: rota.isFetching || holidays.isFetching || closures.isFetching,
    error,
  };
}

/** A holiday's orange badge, name and type, where a day would show its duty slots. */
export function HolidayNote({ holiday, gap }: { holiday: HolidayDto; gap: number }) {
  return (
    <Flex vertical gap={gap} align="start">
      <Tag color="orange" style={{ marginInlineEnd: 0 }}>
        Holiday
      </Tag>
      <Text strong>{holiday.name}</Text>
      <Text type="secondary" className="rota-holiday-type">
        {holidayTypeLabel(holiday.type)}
      </Text>
    </Flex>
  );
}

/**
 * A day outside term time (docs/product.md#the-rota): a badge and why ("Christmas holiday"), where
 * a school day would show its duty slots. Nothing to click: nobody is on duty then.
 */
export function OutOfTermNote({ closure, gap }: { closure: RotaClosureDto; gap: number }) {
  return (
    <Flex vertical gap={gap} align="start">
      <Tag style={{ marginInlineEnd: 0 }}>{OUT_OF_TERM}</Tag>
      <Text type="secondary">{closure.label}</Text>
    </Flex>
  );
}

interface DaySlotButtonsProps {
  date: string;
  day: RotaDayDto | undefined;
  perDay: number;
  /**
   * What an empty slot reads: "Click to assign" on the month to whoever may change the rota,
   * "Unfilled" otherwise.
   */
  emptyText: string;
  onSlot: (date: string, position: number) => void;
  /** The duty's title when the slots are not the Duty Manager duty's. */
  duty?: string;
}

/** One button per duty slot of the day, in order. */
export function DaySlotButtons({
  date,
  day,
  perDay,
  emptyText,
  onSlot,
  duty,
}: DaySlotButtonsProps) {
  return (
    <div className="rota-slots">
      {daySlots(day, perDay).map((person, index) => (
        <SlotButton
          key={index + 1}
          date={date}
          position={index + 1}
          person={person}
          emptyText={emptyText}
          duty={duty}
          pin={day?.slots.find((slot) => slot.position === index + 1)}
          onClick={() => onSlot(date, index + 1)}
        />
      ))}
    </div>
  );
}
