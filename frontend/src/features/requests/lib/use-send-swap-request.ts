import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useCreateSwapRequestMutation, type CreateSwapRequestDto } from '../api';

/**
 * Sends a swap request and says how it went: "Swap request created" with the server's message
 * (who was asked and what happens next, "… It waits for their answer."), then `onDone`; or the
 * server's reason, "Failed to create swap request" without one. One copy for every form that
 * creates one (the duty dialog's swap and trade forms, Swap Requests' dialog).
 */
export function useSendSwapRequest(onDone: () => void) {
  const [createSwap, { isLoading: sending }] = useCreateSwapRequestMutation();
  const toast = useToast();
  const send = async (createSwapRequestDto: CreateSwapRequestDto) => {
    try {
      const result = await createSwap({ createSwapRequestDto }).unwrap();
      toast({ title: 'Swap request created', description: result.message });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to create swap request',
      });
    }
  };
  return { send, sending };
}
