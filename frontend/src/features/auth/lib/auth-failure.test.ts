import { describe, expect, it } from 'vitest';

import type { ApiError } from '@/shared/api/base-query';

import { authFailureToast } from './auth-failure';

const refused: ApiError = {
  status: 403,
  message: '403: …',
  data: {
    statusCode: 403,
    message: 'Your account has been deactivated. Please contact your administrator.',
    error: 'Forbidden',
  },
};

describe('authFailureToast', () => {
  it("titles the server's message", () => {
    expect(authFailureToast(refused, 'Login failed', 'Invalid credentials')).toEqual({
      variant: 'destructive',
      title: 'Login failed',
      description: 'Your account has been deactivated. Please contact your administrator.',
    });
  });

  it('falls back when the server says nothing readable', () => {
    const error: ApiError = { status: 500, message: '500: oops', data: 'oops' };

    expect(authFailureToast(error, 'Login failed', 'Invalid credentials')).toMatchObject({
      title: 'Login failed',
      description: 'Invalid credentials',
    });
  });

  it.each<ApiError>([
    { status: 'FETCH_ERROR', message: 'Failed to fetch' },
    { status: 502, message: '502: Bad Gateway', data: '<html>Bad Gateway</html>' },
    { status: 503, message: '503: Service Unavailable' },
  ])('reads an unreachable server ($status) as a connection error', (error) => {
    expect(authFailureToast(error, 'Login failed', 'Invalid credentials')).toEqual({
      variant: 'destructive',
      title: 'Connection error',
      description: 'Unable to connect to server. Please try again.',
    });
  });
});
