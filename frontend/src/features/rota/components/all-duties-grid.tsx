import { Alert, Button, Flex, Skeleton, Tag } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';
import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { useRevealInSteps } from '@/shared/lib/reveal-in-steps';
import { Text } from '@/shared/ui/typography';

import { useGetRotaGridQuery, type RotaGridCellDto, type RotaGridDutyDto } from '../api';
import { UNFILLED } from '../lib/rota-calendar';
import { PinMark } from './pin-mark';

/** The duties' rows mounted per commit (useRevealInSteps). */
const ROWS_PER_STEP = 4;

interface AllDutiesGridProps {
  /** The weekdays shown, Monday first. */
  dates: string[];
  /** Why a date is closed (a holiday's name, "Out of term"), when it is. */
  closedOn: (date: string) => string | undefined;
}

/**
 * docs/product.md#duties: every duty of the school (rows, in its order, with place and times) on
 * every weekday shown (columns): who is on each (with a pin on a pinned duty, for admins and
 * managers: docs/product.md#pinned-duties), and "Unfilled" where a duty needs more people.
 * A table, so a screen reader reads each cell with its duty and day; on a phone it scrolls
 * sideways with the duties' column kept in view.
 */
export function AllDutiesGrid({ dates, closedOn }: AllDutiesGridProps) {
  const range = dates.length ? { startDate: dates[0]!, endDate: dates.at(-1)! } : undefined;
  const grid = useGetRotaGridQuery(range ?? skipToken);
  const rowsShown = useRevealInSteps(grid.currentData?.duties.length ?? 0, ROWS_PER_STEP);

  if (grid.isError && !grid.currentData) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load the duties"
        description={getServerMessage(grid.error) ?? 'Please try again.'}
        action={<Button onClick={() => void grid.refetch()}>Retry</Button>}
      />
    );
  }
  if (!grid.currentData) {
    return (
      <div role="status" aria-label="Loading the duties">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const cells = new Map<string, RotaGridCellDto>();
  for (const day of grid.currentData.days)
    for (const cell of day.duties) cells.set(`${day.date}|${cell.dutyId}`, cell);

  return (
    <div className="all-duties-grid" aria-busy={grid.isFetching}>
      <table
        aria-label={`Every duty, ${formatDate(dates[0] ?? '', SHORT_DATE_FORMAT)} to ${formatDate(dates.at(-1) ?? '', SHORT_DATE_FORMAT)}`}
      >
        <thead>
          <tr>
            <th scope="col">Duty</th>
            {dates.map((date) => (
              <th scope="col" key={date}>
                <time dateTime={date}>{formatDate(date, SHORT_DATE_FORMAT)}</time>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.currentData.duties.slice(0, rowsShown).map((duty) => (
            <tr key={duty.id}>
              <th scope="row">
                <DutyHeading duty={duty} />
              </th>
              {dates.map((date) => (
                <td key={date}>{cellContent(cells.get(`${date}|${duty.id}`), closedOn(date))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DutyHeading({ duty }: { duty: RotaGridDutyDto }) {
  return (
    <Flex vertical gap={2}>
      <Text strong>{dutyTitle(duty)}</Text>
      <Text type="secondary">{dutyTimes(duty)}</Text>
      {duty.paused && (
        <div>
          <Tag style={{ marginInlineEnd: 0 }}>Paused</Tag>
        </div>
      )}
    </Flex>
  );
}

/** A duty on a day: its people, "Unfilled" for each place still open, or why the day is closed. */
function cellContent(cell: RotaGridCellDto | undefined, closed: string | undefined): ReactNode {
  const people = cell?.slots.flatMap((slot) => (slot.staff ? [{ ...slot.staff, slot }] : [])) ?? [];
  const open = closed ? 0 : Math.max(0, (cell?.needed ?? 0) - people.length);
  if (!people.length && !open) {
    return <Text type="secondary">{closed ?? '—'}</Text>;
  }
  return (
    <ul className="all-duties-grid__people">
      {people.map((person) => (
        <li key={person.id}>
          {person.name}
          {person.slot.pinned && (
            <>
              {' '}
              <PinMark slot={person.slot} />
            </>
          )}
        </li>
      ))}
      {Array.from({ length: open }, (_, i) => (
        <li key={`open-${i}`}>
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {UNFILLED}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
