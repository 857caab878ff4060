import { getServerMessage, isApiError } from '@/shared/api/errors';
import type { ToastOptions } from '@/shared/ui/toast';

/** The `code` field of the server's JSON error body, if any. */
export function serverErrorCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const code = (error.data as Record<string, unknown>).code;
  return typeof code === 'string' ? code : undefined;
}

export function httpStatus(error: unknown): number | undefined {
  return isApiError(error) && typeof error.status === 'number' ? error.status : undefined;
}

/**
 * The toast for a failed approve or reject. Someone else deciding first (409 `already_decided`)
 * gets its own title; the lists refresh by themselves to show the decision that stands.
 */
export function decisionFailedToast(error: unknown, fallback: string): ToastOptions {
  const message = getServerMessage(error);
  if (serverErrorCode(error) === 'already_decided') {
    return {
      variant: 'destructive',
      title: 'Already decided',
      description: message ?? 'Someone else decided this request first.',
    };
  }
  return { variant: 'destructive', description: message ?? fallback };
}
