import { Empty, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';

import { useGetTodayBoardQuery, type TodayDutyDto } from '@/features/rota/api';
import { isApiError } from '@/shared/api/errors';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { useRevealInSteps } from '@/shared/lib/reveal-in-steps';
import { AccessDenied } from '@/shared/ui/access-guard';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';
import { Paragraph, Text, Title } from '@/shared/ui/typography';

import { FindCoverDialog } from '../components/find-cover-dialog';
import { TodayDutyCard } from '../components/today-duty-card';
import { WetDaySwitch } from '../components/wet-day-switch';
import {
  BOARD_LOAD_ERROR,
  closedText,
  NO_DUTIES_TODAY,
  NOBODY_ON_LEAVE,
  ON_LEAVE_TITLE,
  TODAY_TITLE,
} from '../lib/today-texts';

/** The duty cards mounted per commit (useRevealInSteps): about a phone's screen of them. */
const CARDS_PER_STEP = 3;

/** How often the board asks again while it is open (docs/product.md#talking-to-the-server). */
export const TODAY_REFRESH_MS = 60_000;

/**
 * The Today board at /today (docs/product.md#duties), for admins, managers and the day's duty
 * managers (the server decides; anyone else gets the Access Denied card): every duty running
 * today in time order with its people and gaps, Find cover for a gap, and who is on leave. It
 * asks again every minute and when the window regains focus. One column, made for a phone.
 */
export function TodayPage() {
  const query = useGetTodayBoardQuery(
    {},
    { pollingInterval: TODAY_REFRESH_MS, skipPollingIfUnfocused: true },
  );
  const { refetch } = query;
  const [coverFor, setCoverFor] = useState<TodayDutyDto>();

  useEffect(() => {
    const again = () => void refetch();
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [refetch]);

  const board = query.data;
  const cardsShown = useRevealInSteps(board?.duties.length ?? 0, CARDS_PER_STEP);
  let content;
  if (query.isError && !board) {
    content =
      isApiError(query.error) && query.error.status === 403 ? (
        <AccessDenied />
      ) : (
        <LoadError
          title={BOARD_LOAD_ERROR}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void refetch()}
        />
      );
  } else if (!board) {
    content = (
      <div role="status" aria-label="Loading today's duties">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else {
    content = (
      <Flex vertical gap="large">
        {!board.closed && board.duties.length > 0 && <WetDaySwitch board={board} />}
        {board.closed || board.duties.length === 0 ? (
          <Empty description={board.closed ? closedText(board.closed) : NO_DUTIES_TODAY} />
        ) : (
          <Flex vertical gap="middle" role="list" aria-label="Today's duties">
            {board.duties.slice(0, cardsShown).map((duty) => (
              <TodayDutyCard key={duty.dutyId} duty={duty} onFindCover={setCoverFor} />
            ))}
          </Flex>
        )}
        <SectionCard title={ON_LEAVE_TITLE} size="small">
          {board.away.length === 0 ? (
            <Text type="secondary">{NOBODY_ON_LEAVE}</Text>
          ) : (
            <ul aria-label={ON_LEAVE_TITLE} style={{ margin: 0, paddingInlineStart: 20 }}>
              {board.away.map((person) => (
                <li key={person.id}>
                  {person.startTime && person.endTime
                    ? `${person.name} (${person.startTime}–${person.endTime})`
                    : person.name}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
        <FindCoverDialog date={board.date} duty={coverFor} onClose={() => setCoverFor(undefined)} />
      </Flex>
    );
  }

  return (
    <div style={{ maxWidth: 640 }}>
      <PageTitle title={TODAY_TITLE} />
      <Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
        {TODAY_TITLE}
      </Title>
      {board && (
        <Paragraph type="secondary">{formatDate(board.date, LONG_DATE_FORMAT)}</Paragraph>
      )}
      {content}
    </div>
  );
}
