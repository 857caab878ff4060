import type { FastifyRequest } from 'fastify';

/**
 * The address a request came from, as the sign-in, sign-up and email throttles count it:
 * Fastify's `request.ip`, which believes X-Forwarded-For only from the proxies TRUST_PROXY names.
 */
export function clientAddress(req: FastifyRequest): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
