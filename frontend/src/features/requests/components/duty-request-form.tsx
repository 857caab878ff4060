import type { RotaPersonDto } from '@/features/rota/api';

import type { RequestMode } from './duty-requests';
import { RequestCancelForm } from './request-cancel-form';
import { RequestSwapForm } from './request-swap-form';

interface DutyRequestFormProps {
  mode: Exclude<RequestMode, 'overview'>;
  /** The duty's day, `yyyy-MM-dd`. */
  date: string;
  person: RotaPersonDto;
  /** The duty is the signed-in person's own. */
  own: boolean;
  onBack: () => void;
  onDone: () => void;
}

/** The request form a duty dialog switched to. */
export function DutyRequestForm({ mode, date, person, own, onBack, onDone }: DutyRequestFormProps) {
  if (mode === 'swap') {
    return (
      <RequestSwapForm date={date} person={person} own={own} onBack={onBack} onDone={onDone} />
    );
  }
  return (
    <RequestCancelForm date={date} person={person} own={own} onBack={onBack} onDone={onDone} />
  );
}
