import { useReauthenticationOptions } from '@/features/auth/api/reauthentication';
import { ReauthenticationFields } from '@/shared/ui/reauthentication-fields';

/** The signed-in admin's "confirm it's you" fields, for a change to how people sign in. */
export function ConfirmItsYouFields({
  help = "Changing how people sign in asks you to confirm it's you.",
}: {
  help?: string;
}) {
  return <ReauthenticationFields options={useReauthenticationOptions()} help={help} />;
}
