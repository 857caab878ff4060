import { getServerCode, getServerMessage, isApiError } from '@/shared/api/errors';
import type { ToastOptions } from '@/shared/ui/toast';

export function httpStatus(error: unknown): number | undefined {
  return isApiError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/** Conflicts that mean someone else got there first, each with its own toast title. */
const RACE_TITLES: Record<string, { title: string; fallback: string }> = {
  already_decided: {
    title: 'Already decided',
    fallback: 'Someone else decided this request first.',
  },
  already_taken: {
    title: 'Already taken',
    fallback: 'Someone else has already taken this duty',
  },
};

/**
 * The toast for a failed approve, reject, accept, decline or withdraw. Someone else deciding or
 * taking it first (409 `already_decided`, `already_taken`) gets its own title; the lists refresh
 * by themselves to show what stands.
 */
export function decisionFailedToast(error: unknown, fallback: string): ToastOptions {
  const message = getServerMessage(error);
  const race = RACE_TITLES[getServerCode(error) ?? ''];
  if (race) {
    return { variant: 'destructive', title: race.title, description: message ?? race.fallback };
  }
  return { variant: 'destructive', description: message ?? fallback };
}
