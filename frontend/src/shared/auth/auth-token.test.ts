import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import {
  AUTH_TOKEN_STORAGE_KEY,
  clearAuthToken,
  readAuthToken,
  storeAuthToken,
  useAuthToken,
} from './auth-token';

describe('auth token storage', () => {
  it('keeps the token in local storage under authToken', () => {
    storeAuthToken('abc');

    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('abc');
    expect(AUTH_TOKEN_STORAGE_KEY).toBe('authToken');
    expect(readAuthToken()).toBe('abc');

    clearAuthToken();

    expect(readAuthToken()).toBeNull();
  });

  it('tells subscribed components when the token is stored or cleared', () => {
    const { result } = renderHook(() => useAuthToken());
    expect(result.current).toBeNull();

    act(() => storeAuthToken('abc'));
    expect(result.current).toBe('abc');

    act(() => clearAuthToken());
    expect(result.current).toBeNull();
  });

  it('reads as signed out when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

    expect(readAuthToken()).toBeNull();
  });

  it('does not throw when storage refuses to store', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });

    expect(() => storeAuthToken('abc')).not.toThrow();
  });
});
