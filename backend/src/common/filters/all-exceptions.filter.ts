import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { STATUS_CODES } from 'node:http';
import { ErrorResponseDto } from '../http/error-body';

function reason(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/** A refused request with a body larger than this closes its connection instead of reading the body. */
const UNREAD_UPLOAD_BYTES = 64 * 1024;

/** Seconds a 503 for an unavailable database asks clients to wait: a restart or failover takes about that. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database can't be reached or didn't answer in time: a refused or lost connection, the
 * pool's wait for a connection (DB_POOL_ACQUIRE_TIMEOUT_MS), a statement past its limit on the
 * server (57014) or on the client (`pg`'s read timeout, when the server can't answer at all), or
 * a connection that broke on such a timeout (database/statement-timeouts.ts).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string };
  return (
    e?.name === 'ConnectionException' ||
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '57014', '08006', '08001'].includes(e?.code ?? '') ||
    /Connection terminated|connect ECONNREFUSED|too many clients|Query read timeout|timeout exceeded when trying to connect|not queryable|canceling statement due to statement timeout/i.test(
      e?.message ?? '',
    )
  );
}

/**
 * Gives every error one body, `{statusCode, message, error}`, whatever raised it: Nest's
 * HTTP exceptions, body parser and Fastify failures, or a bug (500, details only in the log).
 */
export function toErrorBody(exception: unknown): ErrorResponseDto {
  // Nest 12's adapters wrap a body parser's errors (they carry a `type`) and Fastify's (a `code`
  // FST_ERR_…) in an HttpException; they are answered from the original, as before.
  const cause = exception instanceof HttpException ? (exception.cause as { type?: unknown; code?: unknown } | undefined) : undefined;
  if (typeof cause?.type === 'string' || (typeof cause?.code === 'string' && cause.code.startsWith('FST_'))) {
    return toErrorBody(cause);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message: unknown = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    if (Array.isArray(message)) message = message.join('; ');
    const code = typeof response === 'object' ? (response as { code?: unknown }).code : undefined;
    return {
      statusCode: status,
      message: typeof message === 'string' && message ? message : reason(status),
      error: reason(status),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  const raw = exception as { status?: number; statusCode?: number; type?: string; code?: string; expose?: boolean; message?: string };
  const status = raw?.status ?? raw?.statusCode;
  // The body parser's errors (request-limits.ts) and Fastify's (FST_ERR_*: a body over the limit,
  // a Content-Length that doesn't match) carry a 4xx status and a message safe to show.
  if (typeof status === 'number' && status >= 400 && status < 500 && raw.expose !== false) {
    const message =
      raw.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : raw.type === 'entity.too.large' || raw.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large'
          : (raw.message ?? reason(status));
    return { statusCode: status, message, error: reason(status) };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      message: 'The database is unavailable at the moment. Please try again shortly.',
      error: reason(HttpStatus.SERVICE_UNAVAILABLE),
    };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    message: 'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
    error: reason(HttpStatus.INTERNAL_SERVER_ERROR),
  };
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { httpAdapter } = this.adapterHost;
    const ctx = host.switchToHttp();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    // A 429 of a limit, a 503 of a busy server, and an unavailable database say when to try again.
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') {
      httpAdapter.setHeader(ctx.getResponse(), 'Retry-After', String(retryAfter));
    } else if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && isDatabaseUnavailable(exception)) {
      httpAdapter.setHeader(ctx.getResponse(), 'Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    // A refused upload is not read: the connection closes after the answer. Otherwise a client
    // sending files back to back past its limit (the staff import) has the server read and drop
    // every byte, on the event loop every organisation shares (bench/fair-use.mjs).
    if (body.statusCode === HttpStatus.TOO_MANY_REQUESTS && Number(ctx.getRequest<{ headers: Record<string, unknown> }>().headers['content-length'] ?? 0) > UNREAD_UPLOAD_BYTES) {
      httpAdapter.setHeader(ctx.getResponse(), 'Connection', 'close');
    }
    httpAdapter.reply(ctx.getResponse(), body, body.statusCode);
  }
}
