import { getServerMessage, isApiError } from '@/shared/api/errors';
import type { ToastOptions } from '@/shared/ui/toast';

const CONNECTION_ERROR: ToastOptions = {
  variant: 'destructive',
  title: 'Connection error',
  description: 'Unable to connect to server. Please try again.',
};

/** Gateway answers when the app itself is down: to the user, the same as no connection. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The toast for a failed sign-in or registration (docs/product.md#texts-on-screen): the server's message under `title`,
 * else `fallback`; a connection error when the server could not be reached at all.
 */
export function authFailureToast(error: unknown, title: string, fallback: string): ToastOptions {
  const serverMessage = getServerMessage(error);
  if (
    isApiError(error) &&
    (error.status === 'FETCH_ERROR' ||
      (serverMessage === undefined &&
        typeof error.status === 'number' &&
        UNREACHABLE_STATUSES.has(error.status)))
  ) {
    return CONNECTION_ERROR;
  }
  return { variant: 'destructive', title, description: serverMessage ?? fallback };
}
