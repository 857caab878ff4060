import type { RotaPersonDto } from '../api';
import type { DutySlot } from '../lib/duty-slot';
import type { RequestMode } from './duty-requests';
import { RequestCancelForm } from './request-cancel-form';
import { RequestSwapForm } from './request-swap-form';

interface DutyRequestFormProps {
  mode: Exclude<RequestMode, 'overview'>;
  slot: DutySlot;
  person: RotaPersonDto;
  /** The duty is the signed-in person's own. */
  own: boolean;
  onBack: () => void;
  onDone: () => void;
}

/** The request form a duty dialog switched to. */
export function DutyRequestForm({ mode, slot, person, own, onBack, onDone }: DutyRequestFormProps) {
  if (mode === 'swap') {
    return (
      <RequestSwapForm date={slot.date} person={person} own={own} onBack={onBack} onDone={onDone} />
    );
  }
  return (
    <RequestCancelForm date={slot.date} person={person} own={own} onBack={onBack} onDone={onDone} />
  );
}
