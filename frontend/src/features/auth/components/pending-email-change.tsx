import { Alert, Button } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useApproveEmailChangeMutation, type PendingEmailChangeDto } from '../api';

/**
 * A change of the signed-in person's sign-in email that hasn't taken effect (docs/security.md,
 * "Who may act on whom"): when someone else asked for it, it waits for this person's approval,
 * given here (or by the link sent to their current address); and for the new address to confirm it.
 */
export function PendingEmailChange({ pending }: { pending: PendingEmailChangeDto }) {
  const [approve, { isLoading }] = useApproveEmailChangeMutation();
  const toast = useToast();

  if (!pending.awaitingYourApproval) {
    return (
      <Alert
        type="info"
        showIcon
        title="Your sign-in email is being changed"
        description={`It changes to ${pending.newEmail} once that address confirms it with the link sent there. Until then, sign in with your current address.`}
      />
    );
  }

  const onApprove = async () => {
    try {
      const result = await approve().unwrap();
      toast({ title: 'Change approved', description: result.message });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'The change could not be approved',
      });
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      title="A change of your sign-in email is waiting for you"
      description={`${pending.requestedBy} asked to change your sign-in email to ${pending.newEmail}. Approve it only if you asked for it; otherwise ignore it and tell your administrator. Nothing changes without your approval.`}
      action={
        <Button size="small" type="primary" loading={isLoading} onClick={() => void onApprove()}>
          Approve the change
        </Button>
      }
    />
  );
}
