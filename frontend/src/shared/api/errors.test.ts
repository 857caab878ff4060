import { describe, expect, it } from 'vitest';

import type { ApiError } from './base-query';
import { getErrorMessage, getServerCode, getServerMessage, isApiError } from './errors';

const conflict: ApiError = {
  status: 409,
  message: '409: {"message":"Both duty manager slots are already filled for this day"}',
  data: { statusCode: 409, message: 'Both duty manager slots are already filled for this day' },
};

describe('getErrorMessage', () => {
  it('uses the message of an API error', () => {
    expect(getErrorMessage(conflict)).toBe(conflict.message);
  });

  it('uses the message of a serialized exception', () => {
    expect(getErrorMessage({ name: 'TypeError', message: 'x is undefined' })).toBe(
      'x is undefined',
    );
  });

  it('falls back when there is no message', () => {
    expect(getErrorMessage(undefined)).toBe('Something went wrong');
    expect(getErrorMessage({}, 'Failed to add holiday')).toBe('Failed to add holiday');
  });
});

describe('getServerMessage', () => {
  it("reads the server's message field", () => {
    expect(getServerMessage(conflict)).toBe(
      'Both duty manager slots are already filled for this day',
    );
  });

  it('joins a list of validation messages', () => {
    const error: ApiError = {
      status: 400,
      message: '400: …',
      data: { message: ['email must be an email', 'name should not be empty'] },
    };
    expect(getServerMessage(error)).toBe('email must be an email; name should not be empty');
  });

  it('is undefined when the body has no message', () => {
    expect(getServerMessage({ status: 500, message: '500: oops', data: 'oops' })).toBeUndefined();
    expect(getServerMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBeUndefined();
    expect(getServerMessage(new Error('thrown'))).toBeUndefined();
  });
});

describe('isApiError', () => {
  it('tells API errors from other values', () => {
    expect(isApiError(conflict)).toBe(true);
    expect(isApiError({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(true);
    expect(isApiError({ name: 'Error', message: 'thrown' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('getServerCode', () => {
  it("reads the code of the server's error body", () => {
    expect(
      getServerCode({
        status: 409,
        message: '409: …',
        data: { code: 'slots_full', message: 'x' },
      }),
    ).toBe('slots_full');
    expect(getServerCode({ status: 409, message: '409: …', data: 'text' })).toBeUndefined();
    expect(getServerCode(new Error('boom'))).toBeUndefined();
  });
});
