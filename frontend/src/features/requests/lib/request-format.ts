import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';

import type { CancelRequestDto, RequestPersonDto, RequestStatus, SwapRequestDto } from '../api';

/** docs/product.md#screens: what a person the server could not find reads as. */
const UNKNOWN_STAFF = 'Unknown Staff';

export function personName(person: RequestPersonDto | null | undefined): string {
  return trimmed(person?.name) || UNKNOWN_STAFF;
}

/**
 * docs/product.md#screens (Cancel Requests): a `yyyy-MM-dd` duty date as "Wednesday 1 January
 * 2025", the app's one long date form ("Invalid date" if it is not one).
 */
export function formatDutyDate(date: string): string {
  return formatDate(date, LONG_DATE_FORMAT);
}

export const STATUS_INFO: Record<RequestStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gold' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** Pending requests, and decided ones, each in the order the server sent them. */
export function splitByStatus<T extends { status: RequestStatus }>(
  requests: readonly T[] | undefined,
): { pending: T[]; completed: T[] } {
  const all = requests ?? [];
  return {
    pending: all.filter((request) => request.status === 'pending'),
    completed: all.filter((request) => request.status !== 'pending'),
  };
}

/**
 * Cancel Requests' three lists (docs/product.md#screens): pending requests; decided requests
 * people asked for; and the removals the app recorded as approved cancellations (a rota change,
 * a direct edit, unavailability), which would otherwise flood the decided ones.
 */
export function splitCancelRequests(requests: readonly CancelRequestDto[] | undefined): {
  pending: CancelRequestDto[];
  completed: CancelRequestDto[];
  recorded: CancelRequestDto[];
} {
  const { pending, completed } = splitByStatus(requests);
  return {
    pending,
    completed: completed.filter((request) => request.source === 'request'),
    recorded: completed.filter((request) => request.source !== 'request'),
  };
}

/** A tab's name with its count, "Pending (2)"; just "Pending" until the count is known. */
export function tabLabel(name: string, count: number | undefined): string {
  return count === undefined ? name : `${name} (${count})`;
}

/** A duty other than the Duty Manager duty as requests name it: "Break — Playground · 10:40–11:00". */
export function dutyText(duty: {
  name: string;
  place?: string | null;
  startTime?: string | null;
  endTime?: string | null;
}): string {
  const title = duty.place ? `${duty.name} — ${duty.place}` : duty.name;
  return duty.startTime && duty.endTime ? `${title} · ${duty.startTime}–${duty.endTime}` : title;
}

const DUTY_MANAGER_DUTY = 'Duty Manager duty';

/**
 * docs/product.md#duties: which duty a swap is of, "Break — Playground · 10:40–11:00", and for a
 * trade of two different duties "Hall — Hall · 10:30–10:50 for Break — Playground · 10:40–11:00";
 * null for the Duty Manager duty's swaps, which read as before.
 */
export function swapDutyText(request: SwapRequestDto): string | null {
  const { duty, swapDuty } = request;
  if (!duty && !swapDuty) return null;
  const original = duty ? dutyText(duty) : DUTY_MANAGER_DUTY;
  if (request.kind !== 'trade' || duty?.id === swapDuty?.id) return original;
  return `${original} for ${swapDuty ? dutyText(swapDuty) : DUTY_MANAGER_DUTY}`;
}
