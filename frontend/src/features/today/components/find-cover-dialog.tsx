import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Flex, Modal, Skeleton } from 'antd';

import {
  useCoverOnTodayMutation,
  useGetTodayCandidatesQuery,
  type TodayDutyDto,
} from '@/features/rota/api';
import { getErrorMessage, getServerMessage } from '@/shared/api/errors';
import { dutyTitle } from '@/shared/lib/duty-labels';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';
import { Paragraph, Text } from '@/shared/ui/typography';

import { COVER_LOAD_ERROR, dutiesThisYearText, FIND_COVER, NO_COVER } from '../lib/today-texts';

interface FindCoverDialogProps {
  date: string;
  /** The duty with the gap; the dialog is closed without one. */
  duty: TodayDutyDto | undefined;
  onClose: () => void;
}

/**
 * Find cover (docs/product.md#duties): who may take the duty that day, the lightest load of every
 * duty this year first, as Replace with… offers them; one tap puts that person on the gap.
 */
export function FindCoverDialog({ date, duty, onClose }: FindCoverDialogProps) {
  const query = useGetTodayCandidatesQuery(duty ? { date, dutyId: duty.dutyId } : skipToken);
  const [cover, covering] = useCoverOnTodayMutation();
  const toast = useToast();
  const title = duty ? dutyTitle(duty) : '';
  const data = query.currentData;

  async function assign(person: { id: string; name: string }) {
    if (!duty) return;
    try {
      await cover({ todayCoverDto: { date, dutyId: duty.dutyId, staffId: person.id } }).unwrap();
      toast({ title: `${person.name} is on ${title}` });
      covering.reset();
      onClose();
    } catch {
      // The refusal is shown in the dialog (covering.error).
    }
  }

  let content;
  if (query.isError) {
    content = (
      <LoadError
        title={COVER_LOAD_ERROR}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!data) {
    content = (
      <div role="status" aria-label="Loading who can cover">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (data.closed) {
    content = <Alert type="info" showIcon title={data.closed} />;
  } else if (data.candidates.length === 0) {
    content = <Paragraph>{NO_COVER}</Paragraph>;
  } else {
    content = (
      <Flex vertical gap="small" role="list" aria-label="Who can cover">
        {data.candidates.map((person) => (
          <div role="listitem" key={person.id}>
            <Button
              block
              size="large"
              disabled={covering.isLoading}
              onClick={() => void assign(person)}
              style={{
                height: 'auto',
                minHeight: 48,
                justifyContent: 'space-between',
                whiteSpace: 'normal',
                textAlign: 'left',
              }}
            >
              <span>{person.name}</span>
              <Text type="secondary">{dutiesThisYearText(person.dutiesThisYear)}</Text>
            </Button>
          </div>
        ))}
      </Flex>
    );
  }

  return (
    <Modal
      open={Boolean(duty)}
      title={`${FIND_COVER}: ${title}`}
      onCancel={() => {
        covering.reset();
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        {covering.isError && (
          <Alert
            type="error"
            showIcon
            title={getServerMessage(covering.error) ?? getErrorMessage(covering.error)}
          />
        )}
        {content}
      </Flex>
    </Modal>
  );
}
