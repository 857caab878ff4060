import { Alert, Button } from 'antd';

import { useFillUnassignedMutation } from '@/features/rota/api';
import { getServerMessage } from '@/shared/api/errors';
import { dutyTitle } from '@/shared/lib/duty-labels';
import { useToast } from '@/shared/ui/toast';

import type { DutyDto } from '../api';

export const FILL_LABEL = 'Fill this duty to the end of the summer term';

interface FillDutyOfferProps {
  /** The duty just added or resumed. */
  duty: DutyDto;
  onDone: () => void;
}

/**
 * docs/product.md#duties: after a duty is added or resumed, an offer to plan it at once with
 * Fill (only that duty, in term time), telling the server's answer: what it filled, or why not
 * (no term dates yet).
 */
export function FillDutyOffer({ duty, onDone }: FillDutyOfferProps) {
  const [fill, { isLoading }] = useFillUnassignedMutation();
  const toast = useToast();

  const run = async () => {
    try {
      const result = await fill({
        bulkRotaDto: { allWeekdays: false, dutyIds: [duty.id] },
      }).unwrap();
      toast({ title: 'Success', description: result.message });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to fill the duty',
      });
    }
  };

  return (
    <Alert
      type="info"
      showIcon
      closable={{ 'aria-label': 'Not now' }}
      onClose={onDone}
      title={`${dutyTitle(duty)} has nobody on it yet.`}
      action={
        <Button type="primary" loading={isLoading} onClick={() => void run()}>
          {FILL_LABEL}
        </Button>
      }
    />
  );
}
