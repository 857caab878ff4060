import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

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

/** body-parser `verify` hook: a 400 with the app's error body for a body nested too deeply. */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  if (jsonTooDeep(readable(body, encoding || 'utf-8'))) {
    throw Object.assign(new Error(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`), {
      status: 400,
      expose: true,
      type: 'entity.too.deep',
    });
  }
}

/**
 * Node answers a request it cannot parse (URL or headers over its 16 KB limit, broken HTTP)
 * itself, with an empty body; this answers with the app's JSON error body instead.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
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
  });
}
