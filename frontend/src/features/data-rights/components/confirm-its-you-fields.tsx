import { useReauthenticationOptions } from '@/features/auth/api/reauthentication';
import { ReauthenticationFields } from '@/shared/ui/reauthentication-fields';

/** The signed-in admin's "confirm it's you" fields; `help` says what asks for them. */
export function ConfirmItsYouFields({ help }: { help: string }) {
  return <ReauthenticationFields options={useReauthenticationOptions()} help={help} />;
}
