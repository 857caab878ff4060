import { PushpinOutlined } from '@ant-design/icons';
import { Button } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useUnpinSlotMutation } from '../api';
import { pinLabel, type PinnedFields } from '../lib/pins';

/**
 * The pin icon of a pinned slot (docs/product.md#pinned-duties), named by why it is pinned
 * ("Pinned: approved swap"); nothing on a slot that isn't pinned or for someone who sees no pins.
 */
export function PinMark({ slot, id }: { slot: PinnedFields | undefined; id?: string }) {
  const label = pinLabel(slot);
  if (!label) return null;
  return (
    <PushpinOutlined id={id} className="rota-pin" role="img" aria-label={label} title={label} />
  );
}

/**
 * Unpin on a pinned slot: bulk tools and repairs may move it again. Nobody moves and nobody is
 * told, so it needs no confirmation. Nothing on a slot that isn't pinned.
 */
export function UnpinButton({
  slot,
  onDone,
}: {
  slot: PinnedFields | undefined;
  onDone?: () => void;
}) {
  const [unpin, { isLoading }] = useUnpinSlotMutation();
  const toast = useToast();
  const slotId = slot?.pinned ? slot.slotId : undefined;
  if (!slotId) return null;
  const run = async () => {
    try {
      await unpin({ id: slotId }).unwrap();
      toast({ title: 'Unpinned', description: 'Bulk tools and repairs may now move this duty.' });
      onDone?.();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Unpin Failed',
        description: getServerMessage(error) ?? 'Failed to unpin the duty',
      });
    }
  };
  return (
    <Button icon={<PushpinOutlined aria-hidden />} loading={isLoading} onClick={() => void run()}>
      Unpin
    </Button>
  );
}
