import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Pagination, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router';

// The rota feature's data (its api/ folder); the health check is not among the hooks its
// index re-exports.
import {
  useGetRotaHealthQuery,
  type RotaViolationDto,
  type UnfilledDayDto,
} from '@/features/rota/api/rota.gen';
import { useCan } from '@/shared/auth/access';
import {
  formatDate,
  parseDate,
  SHORT_DATE_FORMAT,
  startOfWeek,
  toIsoDate,
} from '@/shared/lib/dates';

import { countOf } from './format';
import { HealthCheckPending } from './health-check-pending';

const PAGE_SIZE = 10;
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** docs/product.md#the-rota-stays-true: "3 school days need someone", "1 school day needs someone". */
export function unfilledDaysText(count: number): string {
  return `${countOf(count, 'school day')} ${count === 1 ? 'needs' : 'need'} someone`;
}

/** "2025-2026 has no term dates yet", "2025-2026 and 2026-2027 have no term dates yet". */
export function yearsWithoutTermDatesText(years: readonly string[]): string {
  const names =
    years.length <= 1 ? years.join('') : `${years.slice(0, -1).join(', ')} and ${years.at(-1)}`;
  return `${names} ${years.length === 1 ? 'has' : 'have'} no term dates yet`;
}

/** The Weekly Rota of the week of `date` (its Monday in `week`). */
export function weekLink(date: string): string {
  const monday = startOfWeek(parseDate(date));
  return monday.isValid() ? `/rota?week=${toIsoDate(monday)}` : '/rota';
}

/**
 * docs/product.md#the-rota-stays-true: the Dashboard's health line for whoever may change the rota.
 * The school days to the end of the summer term that need someone, each linking to its week;
 * the years without term dates, linking to Term Dates; and any assignment that breaks a hard rule
 * (never, unless something is wrong). Nothing when all is well.
 */
export function RotaHealth() {
  const canManage = useCan('rota.manage');
  const health = useGetRotaHealthQuery({}, { skip: !canManage });

  if (!canManage) return null;
  if (health.isError || !health.data) {
    return (
      <HealthCheckPending
        query={health}
        answered={health.data !== undefined}
        failed="Failed to check the rota"
        checking="Checking the rota…"
      />
    );
  }

  const { violations, unfilledDays, yearsWithoutTermDates } = health.data;
  if (violations.length + unfilledDays.length + yearsWithoutTermDates.length === 0) return null;
  return (
    <Flex vertical gap="small">
      {violations.length > 0 && <Violations violations={violations} />}
      {unfilledDays.length > 0 && <UnfilledDays days={unfilledDays} />}
      {yearsWithoutTermDates.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={yearsWithoutTermDatesText(yearsWithoutTermDates)}
          description={
            <>
              Until they are set, every weekday counts as term time.{' '}
              {/* Underlined: a link inside a sentence is told apart by more than its colour. */}
              <Link to="/holidays#term-dates" style={{ textDecoration: 'underline' }}>
                Set term dates
              </Link>
            </>
          }
        />
      )}
    </Flex>
  );
}

function UnfilledDays({ days }: { days: UnfilledDayDto[] }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const listId = useId();
  const shown = days.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <Alert
      type="warning"
      showIcon
      title={
        <Button
          type="link"
          aria-expanded={open}
          aria-controls={listId}
          icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
          iconPlacement="end"
          style={{ padding: 0, height: 'auto', fontWeight: 600 }}
          onClick={() => setOpen((was) => !was)}
        >
          {unfilledDaysText(days.length)}
        </Button>
      }
      description={
        <div id={listId} hidden={!open}>
          {open && (
            <>
              <ul aria-label="School days that need someone" style={LIST_STYLE}>
                {shown.map((day) => (
                  <li key={day.date} style={{ padding: '4px 0' }}>
                    <Link to={weekLink(day.date)}>{formatDate(day.date, SHORT_DATE_FORMAT)}</Link>{' '}
                    <Typography.Text type="secondary">
                      {`${day.filled} of ${countOf(day.slots, 'slot')} filled`}
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
                total={days.length}
                onChange={setPage}
                style={{ marginTop: 8 }}
              />
            </>
          )}
        </div>
      }
    />
  );
}

function Violations({ violations }: { violations: RotaViolationDto[] }) {
  return (
    <Alert
      type="error"
      showIcon
      title="Some duties break the rota's rules"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            This should never happen. Each of these duties needs changing on the rota.
          </Typography.Paragraph>
          <ul aria-label="Duties that break the rota's rules" style={{ margin: 0 }}>
            {violations.map((v) => (
              <li key={`${v.date}|${v.position}|${v.staffId}`}>
                <Link to={weekLink(v.date)}>{formatDate(v.date, SHORT_DATE_FORMAT)}</Link>
                {`, Duty Manager ${v.position}: ${v.staffName} — ${v.reason}`}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
