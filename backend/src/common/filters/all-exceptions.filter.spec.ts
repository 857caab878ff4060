import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { toErrorBody } from './all-exceptions.filter';

describe('toErrorBody', () => {
  it('keeps a Nest exception’s own message', () => {
    expect(toErrorBody(new ConflictException('This staff member is already assigned to this day'))).toEqual({
      statusCode: 409,
      message: 'This staff member is already assigned to this day',
      error: 'Conflict',
    });
  });

  it('joins a list of messages into one sentence list', () => {
    expect(toErrorBody(new BadRequestException(['a is wrong', 'b is wrong']))).toEqual({
      statusCode: 400,
      message: 'a is wrong; b is wrong',
      error: 'Bad Request',
    });
  });

  it('falls back to the reason phrase when there is no message', () => {
    expect(toErrorBody(new NotFoundException())).toEqual({ statusCode: 404, message: 'Not Found', error: 'Not Found' });
  });

  it('hides the details of a bug behind a 500', () => {
    const body = toErrorBody(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(body.statusCode).toBe(500);
    expect(body.error).toBe('Internal Server Error');
    expect(body.message).not.toContain('undefined');
  });

  it('turns a lost database connection into a 503 with a clear message', () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorBody(lost)).toEqual({
      statusCode: 503,
      message: 'The database is unavailable at the moment. Please try again shortly.',
      error: 'Service Unavailable',
    });
  });

  it.each([
    ['the client stopped waiting for a statement', Object.assign(new Error('Query read timeout'), {})],
    ['no pooled connection came in time', new Error('timeout exceeded when trying to connect')],
    ['a new connection did not open in time', new Error('Connection terminated due to connection timeout')],
    ['the server cancelled a statement past its limit', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['a connection broken by a timeout was used again', new Error('Client has encountered a connection error and is not queryable')],
  ])('turns a database that did not answer in time into the same 503: %s', (_case, error) => {
    expect(toErrorBody(error)).toEqual({
      statusCode: 503,
      message: 'The database is unavailable at the moment. Please try again shortly.',
      error: 'Service Unavailable',
    });
  });

  it('keeps a body-parser size error as a 413', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      type: 'entity.too.large',
      expose: true,
    });
    expect(toErrorBody(tooLarge)).toEqual({
      statusCode: 413,
      message: 'The request body is too large',
      error: 'Payload Too Large',
    });
  });
});
