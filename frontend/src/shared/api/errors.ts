import type { ApiError } from './base-query';

const FALLBACK_MESSAGE = 'Something went wrong';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isApiError(error: unknown): error is ApiError {
  return (
    isRecord(error) &&
    (typeof error.status === 'number' ||
      error.status === 'FETCH_ERROR' ||
      error.status === 'PARSING_ERROR') &&
    typeof error.message === 'string'
  );
}

/**
 * The text to show for a failed query or mutation. RTK Query hands screens either our
 * `ApiError` or a `SerializedError` (a thrown exception); both carry a `message`.
 */
export function getErrorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  if (isRecord(error) && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/**
 * The `message` field of the server's JSON error body, for screens whose error text is
 * "server message, else <fixed text>" (docs/product.md#texts-on-screen). Validation errors arrive as a list.
 */
export function getServerMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !isRecord(error.data)) return undefined;
  const { message } = error.data;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === 'string')) {
    return message.join('; ');
  }
  return undefined;
}

/**
 * The `code` field of the server's JSON error body, e.g. `slots_full`, for screens that treat one
 * error in particular differently.
 */
export function getServerCode(error: unknown): string | undefined {
  if (!isApiError(error) || !isRecord(error.data)) return undefined;
  const { code } = error.data;
  return typeof code === 'string' ? code : undefined;
}
