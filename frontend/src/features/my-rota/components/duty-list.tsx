import { CheckCircleOutlined } from '@ant-design/icons';
import { Empty, Flex, Tag, theme, Typography } from 'antd';

import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';

import { companyText, type Duty } from './duties';

export const NO_DUTIES_TEXT = 'No duties this academic year';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface DutyListProps {
  duties: Duty[];
  /** The server's today (`yyyy-MM-dd`, organisation time zone): never the browser's clock. */
  today: string;
}

/** docs/product.md#screens: one row per duty day, with its date, a Today or Completed badge, and who else is on. */
export function DutyList({ duties, today }: DutyListProps) {
  const { token } = theme.useToken();

  if (duties.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DUTIES_TEXT} />;
  }

  return (
    <ul aria-label="Duty days" style={LIST_STYLE}>
      {duties.map((duty, index) => {
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
              <Typography.Text type="secondary">{companyText(duty.colleagues)}</Typography.Text>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
