import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';

import type { RotaDayDto } from '../api';
import { slotLabel } from './rota-calendar';

/** The slot a duty dialog is about. */
export interface DutySlot {
  /** The day, `yyyy-MM-dd`. */
  date: string;
  /** 1 = Duty Manager 1, … */
  position: number;
  /** The day's rota record (of the slot's duty); none when nobody is on that duty that day yet. */
  day: RotaDayDto | undefined;
  /** The duty, when it is not the Duty Manager duty (docs/product.md#duties): its id and title. */
  duty?: { id: string; title: string };
}

/**
 * What the rota's screens give the dialog they open on a slot. The dialogs themselves combine the
 * rota's edits with other features' requests, so src/app composes them and hands them to the
 * screens (`MonthlyRota`, `WeeklyRotaPage`).
 */
export interface DutyDialogProps {
  open: boolean;
  slot: DutySlot;
  /** The organisation's setting: how many slots each day has. */
  dutyManagersPerDay: number;
  onClose: () => void;
  /** Called once the dialog has finished closing, e.g. to forget the slot. */
  afterClose?: () => void;
}

/** e.g. "Duty Manager 2 — Monday 8 September 2025", "Lunch — Field 1 — Monday 8 September 2025". */
export function dutyDialogTitle(slot: Pick<DutySlot, 'date' | 'position' | 'duty'>): string {
  return `${slotLabel(slot.position, slot.duty?.title)} — ${formatDate(slot.date, LONG_DATE_FORMAT)}`;
}

/**
 * What the Weekly Rota gives the dialog it opens, instead of the duty dialog, for someone without
 * rota rights: the slot they clicked, if any (it stays mounted to animate its closing).
 */
export type AccessDialogProps = Omit<DutyDialogProps, 'slot' | 'dutyManagersPerDay'> & {
  slot?: DutySlot;
  /** The organisation's setting; 2 until it is known. */
  dutyManagersPerDay?: number;
};
