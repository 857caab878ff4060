import { useId } from 'react';

import { staffColour } from '@/shared/lib/staff-colours';

import type { RotaPersonDto } from '../api';
import { pinLabel, type PinnedFields } from '../lib/pins';
import { slotAccessibleName, slotLabel } from '../lib/rota-calendar';
import { PinMark } from './pin-mark';

interface SlotButtonProps {
  /** The day, `yyyy-MM-dd`. */
  date: string;
  /** 1 = Duty Manager 1, … */
  position: number;
  /** Who is on duty in the slot; null when it is empty. */
  person: RotaPersonDto | null;
  /** What an empty slot reads, e.g. "Click to assign" or "Unfilled". */
  emptyText: string;
  /** Whether to show "Duty Manager n" inside the button (the weekly cards show it above). */
  showLabel?: boolean;
  /** The duty's title when the slot is not the Duty Manager duty's, e.g. "Lunch — Field". */
  duty?: string;
  /** The slot as the server sent it: pinned or not (admins and managers only, docs/product.md#pinned-duties). */
  pin?: PinnedFields;
  onClick: () => void;
}

/**
 * One duty slot: a name chip in the person's colour (docs/product.md#screens), or an empty box. Its accessible
 * name says which slot of which day it is, e.g. "Duty Manager 1, Mon 8 Sep 2025: Alice Smith"; on a
 * pinned slot its pin icon, which describes it ("Pinned: approved swap").
 */
export function SlotButton({
  date,
  position,
  person,
  emptyText,
  showLabel = true,
  duty,
  pin,
  onClick,
}: SlotButtonProps) {
  const colour = person ? staffColour(person.id) : undefined;
  const pinned = person ? pinLabel(pin) : undefined;
  const pinId = useId();
  return (
    <button
      type="button"
      className={`rota-slot ${person ? 'rota-slot--filled' : 'rota-slot--empty'}`}
      style={colour && { background: colour.background, color: colour.text }}
      aria-label={slotAccessibleName(position, date, person?.name ?? emptyText, duty)}
      aria-describedby={pinned ? pinId : undefined}
      onClick={onClick}
    >
      {showLabel && <span className="rota-slot__label">{slotLabel(position, duty)}</span>}
      <span className="rota-slot__name">
        {person?.name ?? emptyText}
        {pinned && (
          <>
            {' '}
            <PinMark slot={pin} id={pinId} />
          </>
        )}
      </span>
    </button>
  );
}
