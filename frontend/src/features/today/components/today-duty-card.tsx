import { Button, Card, Flex, Tag } from 'antd';
import { useId } from 'react';

import type { TodayDutyDto } from '@/features/rota/api';
import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';
import { CARD_HEADING_STYLE } from '@/shared/ui/section-card';
import { useIsPhone } from '@/shared/ui/use-is-phone';
import { Text } from '@/shared/ui/typography';

import { FIND_COVER, missingText, NOBODY_ON_IT, usuallyAtText, WET_DAY } from '../lib/today-texts';

interface TodayDutyCardProps {
  duty: TodayDutyDto;
  /** Opens Find cover for this duty. */
  onFindCover: (duty: TodayDutyDto) => void;
}

/** One duty on the Today board: its time, name and place, its people, and its gap with Find cover. */
export function TodayDutyCard({ duty, onFindCover }: TodayDutyCardProps) {
  const id = useId();
  // On a phone held in one hand: the button as wide as the card, under the gap.
  const isPhone = useIsPhone();
  const title = dutyTitle(duty);
  return (
    <Card
      role="listitem"
      aria-labelledby={id}
      size="small"
      style={duty.missing > 0 ? { borderColor: 'var(--ant-color-error-border)' } : undefined}
    >
      <Flex vertical gap={6}>
        <Text strong>{dutyTimes(duty)}</Text>
        <h2 id={id} style={{ ...CARD_HEADING_STYLE, fontSize: 18, fontWeight: 600 }}>
          {title}
        </h2>
        {duty.wet && (
          <Flex align="center" gap="small" wrap>
            <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
              {WET_DAY}
            </Tag>
            {duty.dryPlace && (
              <Text type="secondary">{usuallyAtText(duty.dryPlace)}</Text>
            )}
          </Flex>
        )}
        <Text>
          {duty.people.length ? duty.people.map((person) => person.name).join(', ') : NOBODY_ON_IT}
        </Text>
        {duty.description && (
          <Text type="secondary" style={{ whiteSpace: 'pre-line' }}>
            {duty.description}
          </Text>
        )}
        {duty.missing > 0 && (
          <Flex wrap align="center" justify="space-between" gap="small">
            <Tag color="error" style={{ fontSize: 14, padding: '2px 8px', marginInlineEnd: 0 }}>
              {missingText(duty.missing)}
            </Tag>
            <Button
              type="primary"
              size="large"
              block={isPhone}
              aria-label={`${FIND_COVER} for ${title}`}
              onClick={() => onFindCover(duty)}
              style={{ minWidth: 160 }}
            >
              {FIND_COVER}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
