import { getServerCode, getServerMessage, isApiError } from '@/shared/api/errors';
import type { ToastOptions } from '@/shared/ui/toast';

export function httpStatus(error: unknown): number | undefined {
  return isApiError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/**
 * The toast for a failed approve or reject. Someone else deciding first (409 `already_decided`)
 * gets its own title; the lists refresh by themselves to show the decision that stands.
 */
export function decisionFailedToast(error: unknown, fallback: string): ToastOptions {
  const message = getServerMessage(error);
  if (getServerCode(error) === 'already_decided') {
    return {
      variant: 'destructive',
      title: 'Already decided',
      description: message ?? 'Someone else decided this request first.',
    };
  }
  return { variant: 'destructive', description: message ?? fallback };
}
