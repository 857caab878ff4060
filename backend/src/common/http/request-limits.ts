import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** The largest JSON or form body the API reads (1 MB); a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * JSON bodies nested deeper than this are refused before parsing. The app's bodies go two
 * levels deep; the validation pipe and class-transformer walk a body recursively, so a few
 * thousand levels (well under the 1 MB limit) would overflow the stack and answer 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text opens more than `max` arrays/objects inside one another. UTF-8 bytes are
 * read as they are: the characters that matter here are ASCII, and no byte of a multi-byte UTF-8
 * character is below 0x80, so the body need not be decoded into a string first.
 */
export function jsonTooDeep(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i]!;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The body as jsonTooDeep reads it: UTF-8 bytes as they are, other charsets decoded. */
function readable(body: Buffer, encoding: string): string | Uint8Array {
  if (/^utf-?8$/i.test(encoding)) return body;
  try {
    return new TextDecoder(encoding).decode(body);
  } catch {
    return body.toString('latin1');
  }
}

/** A 4xx the error filter answers with its message (all-exceptions.filter.ts), as body-parser's were. */
function bodyError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, expose: true, type });
}

/**
 * The API's JSON body parser (a Fastify content type parser), as Express's body-parser was: an
 * empty body is `{}`; only an object or an array at the top (strict); a body nested too deeply
 * is a 400 before it is parsed; invalid JSON a 400 "not valid JSON"; a charset other than UTF-8
 * (or UTF-16/32) a 415. The 1 MB limit is Fastify's `bodyLimit` (a 413).
 */
export function parseJsonBody(req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  if (!charset.startsWith('utf-')) {
    done(bodyError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`));
    return;
  }
  if (body.length === 0) {
    done(null, {});
    return;
  }
  const text = readable(body, charset);
  if (jsonTooDeep(text)) {
    done(bodyError(400, 'entity.too.deep', `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`));
    return;
  }
  const json = typeof text === 'string' ? text : body.toString('utf8');
  const first = json.trimStart().charAt(0);
  if (first !== '{' && first !== '[') {
    done(bodyError(400, 'entity.parse.failed', 'The request body is not valid JSON'));
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    done(bodyError(400, 'entity.parse.failed', 'The request body is not valid JSON'));
    return;
  }
  done(null, parsed);
}

/**
 * Node answers a request it cannot parse (URL or headers over its 16 KB limit, broken HTTP)
 * itself, with an empty body; this answers with the app's JSON error body instead (Fastify's
 * `clientErrorHandler`).
 */
export function answerClientErrorsWithJson(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request URL or headers are too large'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
