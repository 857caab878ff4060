import { CheckCircleOutlined, CloseCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { Empty, Flex, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { RotaClosureDto } from '@/features/rota/api';
import { formatDate, formatDateRange, LONG_DATE_FORMAT } from '@/shared/lib/dates';

import { companyText, type Duty, type DutyPost } from './duties';

export const NO_DUTIES_TEXT = 'No duties this academic year';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const ASK_FOR_SWAP_TEXT = 'Ask for a swap';

/** Swap Requests with Create Swap Request open for this duty and day. */
function swapLink(dutyId: string, date: string): string {
  return `/swaps?${new URLSearchParams({ ask: 'swap', dutyId, date }).toString()}`;
}

export const ASK_TO_CANCEL_TEXT = 'Ask to cancel';

/** Cancel Requests with the cancel form open for this duty and day. */
function cancelLink(dutyId: string, date: string): string {
  return `/cancel-requests?${new URLSearchParams({ ask: 'cancel', dutyId, date }).toString()}`;
}

/** An icon link on a coming duty's row, named in full for screen readers, with a finger-sized target. */
function DutyAction({
  to,
  text,
  label,
  icon,
}: {
  to: string;
  text: string;
  label: string;
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={`${text}: ${label}`}
      title={text}
      // A 44×44 target for a thumb around the icon (WCAG 2.5.5), without pushing the row apart.
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 44,
        minHeight: 44,
        margin: -10,
        fontSize: 18,
      }}
    >
      {icon}
    </Link>
  );
}

/** The badge of a break between terms among the duties (docs/product.md#screens). */
export const OUT_OF_TERM = 'Out of term';

interface DutyListProps {
  duties: Duty[];
  /** The server's today (`yyyy-MM-dd`, organisation time zone): never the browser's clock. */
  today: string;
  /**
   * The spans outside term time, shown in date order among the duties between the first and the
   * last, so a gap in them reads as a break rather than as days forgotten.
   */
  breaks?: readonly RotaClosureDto[];
}

type Row =
  { kind: 'duty'; duty: Duty; at: string } | { kind: 'break'; closure: RotaClosureDto; at: string };

/** The duties, and the breaks that fall between the first and the last of them, in date order. */
function rowsOf(duties: readonly Duty[], breaks: readonly RotaClosureDto[]): Row[] {
  const first = duties[0]?.date;
  const last = duties.at(-1)?.date;
  const between = breaks.filter(
    (closure) =>
      first !== undefined &&
      last !== undefined &&
      closure.startDate > first &&
      closure.endDate < last,
  );
  const rows: Row[] = [
    ...duties.map((duty) => ({ kind: 'duty' as const, duty, at: duty.date })),
    ...between.map((closure) => ({ kind: 'break' as const, closure, at: closure.startDate })),
  ];
  // ISO dates sort as strings.
  return rows.sort((a, b) => a.at.localeCompare(b.at));
}

/** "Lunch — Canteen · 12:30–13:10", and below it what the post involves, on its lines. */
/** docs/product.md#duties: a duty moved to its wet-weather post on a day marked wet. */
export const WET_DAY_TEXT = 'Wet day';

function DutyPostText({ post }: { post: DutyPost }) {
  return (
    <div style={{ marginTop: 4 }}>
      <Typography.Text>
        {post.title} · {post.times}
      </Typography.Text>
      {post.wet && (
        <Tag color="cyan" style={{ marginInlineStart: 8 }}>
          {WET_DAY_TEXT}
        </Tag>
      )}
      {post.description && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: 'pre-line' }}>
          {post.description}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/**
 * docs/product.md#screens: one row per duty day, with its date, a Today or Completed badge, and
 * who else is on; between them, the breaks out of term. Where the school runs more duties
 * (docs/product.md#duties), a row per duty, each with its name, place, times and instructions.
 */
export function DutyList({ duties, today, breaks = [] }: DutyListProps) {
  const { token } = theme.useToken();

  if (duties.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DUTIES_TEXT} />;
  }

  return (
    <ul aria-label="Duty days" style={LIST_STYLE}>
      {rowsOf(duties, breaks).map((row, index) => {
        if (row.kind === 'break') {
          const { closure } = row;
          return (
            <li
              key={`break-${closure.startDate}`}
              style={{
                padding: '8px 12px',
                borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
                background: token.colorFillQuaternary,
              }}
            >
              <Flex align="center" gap="small" wrap>
                <Tag style={{ marginInlineEnd: 0 }}>{OUT_OF_TERM}</Tag>
                <Typography.Text type="secondary">
                  {closure.label}, {formatDateRange(closure.startDate, closure.endDate)}
                </Typography.Text>
              </Flex>
            </li>
          );
        }
        const { duty } = row;
        const isToday = duty.date === today;
        // ISO dates compare as strings.
        const isPast = duty.date < today;
        return (
          <li
            key={duty.id}
            aria-current={isToday ? 'date' : undefined}
            style={{
              padding: '12px',
              borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
              background: isToday ? token.colorPrimaryBg : undefined,
              borderRadius: isToday ? token.borderRadius : undefined,
            }}
          >
            <Flex justify="space-between" align="center" gap="small" wrap>
              <Flex align="center" gap="small" wrap>
                <Typography.Text strong={!isPast} type={isPast ? 'secondary' : undefined}>
                  <time dateTime={duty.date}>{formatDate(duty.date, LONG_DATE_FORMAT)}</time>
                </Typography.Text>
                {isToday && (
                  <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                    Today
                  </Tag>
                )}
                {isPast && (
                  <Tag icon={<CheckCircleOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                    Completed
                  </Tag>
                )}
              </Flex>
              {/* Who else is on is known of the Duty Manager duty's days. */}
              {(!duty.post || duty.post.isDutyManager) && (
                <Typography.Text type="secondary">{companyText(duty.colleagues)}</Typography.Text>
              )}
            </Flex>
            {duty.post && <DutyPostText post={duty.post} />}
            {/* docs/product.md#duties: another duty of one's own is swapped or cancelled from here (icons, so the row reads as before); the Duty Manager duty's from the rota. */}
            {!isPast && duty.post?.dutyId && !duty.post.isDutyManager && (
              <Flex gap="large" style={{ marginTop: 4 }}>
                <DutyAction
                  to={swapLink(duty.post.dutyId, duty.date)}
                  text={ASK_FOR_SWAP_TEXT}
                  label={`${duty.post.title}, ${formatDate(duty.date, LONG_DATE_FORMAT)}`}
                  icon={<SwapOutlined aria-hidden />}
                />
                <DutyAction
                  to={cancelLink(duty.post.dutyId, duty.date)}
                  text={ASK_TO_CANCEL_TEXT}
                  label={`${duty.post.title}, ${formatDate(duty.date, LONG_DATE_FORMAT)}`}
                  icon={<CloseCircleOutlined aria-hidden />}
                />
              </Flex>
            )}
          </li>
        );
      })}
    </ul>
  );
}
