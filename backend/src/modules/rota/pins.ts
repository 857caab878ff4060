import type { AuthUser } from '../../common/auth/auth-user';
import type { PinReason } from './entities/rota-slot.entity';
import type { DaySlots } from './engine/rota-engine';

export type { PinReason } from './entities/rota-slot.entity';
export { PIN_REASONS } from './entities/rota-slot.entity';

/** A pinned slot as the rota's reads know it: its id (to unpin it) and why it is pinned. */
export interface SlotPin {
  slotId: string;
  reason: PinReason | null;
}

/** What a read shows of a pin (docs/product.md#pinned-duties): nothing on an unpinned slot. */
export function pinFields(pin: SlotPin | undefined): { pinned?: boolean; pinnedReason?: PinReason; slotId?: string } {
  if (!pin) return {};
  return { pinned: true, ...(pin.reason ? { pinnedReason: pin.reason } : {}), slotId: pin.slotId };
}

/** Whether `user` sees pins on the rota's reads: admins and managers; staff get no pin fields. */
export function seesPins(user: AuthUser): boolean {
  return user.role === 'admin' || user.role === 'manager';
}

/** What Clear leaves of a day: its pinned slots, where they are (docs/product.md#pinned-duties). */
export function pinnedOnly(slots: DaySlots): DaySlots {
  return slots.map((slot) => (slot?.pinned ? slot : null));
}
