import { useSyncExternalStore } from 'react';

/** Where the bearer token lives; the key is part of the contract with the backend docs (docs/product.md#talking-to-the-server). */
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames); the cookie may still authenticate.
    return null;
  }
}

export function storeAuthToken(token: string): void {
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session cannot outlive this page; there is nothing better to do.
  }
  notify();
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored when storage is unavailable, so nothing to remove.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The stored token, re-rendering when this tab stores or clears it, so signing in and out
 * flips the auth gate without a reload.
 */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, readAuthToken, () => null);
}
