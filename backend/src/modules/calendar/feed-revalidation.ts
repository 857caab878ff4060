import { HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FeedKind } from './calendar-feed';
import { type CalendarService, FEED_PATH } from './calendar.service';

/**
 * What the feeds' answers say about caching, on a 200 and a 304 alike: revalidate every time (the
 * ETag makes that cheap); the URL holds a secret, so no shared caches and no search engines.
 */
export const FEED_CACHE_HEADERS = { 'Cache-Control': 'private, no-cache', 'X-Robots-Tag': 'noindex' } as const;

const FEED_URL = new RegExp(`^${FEED_PATH}/(all-duties|my-duties)\\?(.*)$`);

/**
 * The feed and token a revalidation asks for, when the request is one the shortcut can answer: a
 * GET or HEAD of exactly a feed's path with one `token` and an If-None-Match. Anything else (a
 * second `token`, a trailing slash, another method, no If-None-Match) is null and left to the
 * route, which answers it as it always has.
 */
export function revalidationRequest(
  method: string | undefined,
  url: string | undefined,
  ifNoneMatch: string | string[] | undefined,
): { kind: FeedKind; token: string; ifNoneMatch: string } | null {
  if ((method !== 'GET' && method !== 'HEAD') || typeof ifNoneMatch !== 'string' || !ifNoneMatch || !url) return null;
  const match = FEED_URL.exec(url);
  if (!match) return null;
  const tokens = new URLSearchParams(match[2]).getAll('token');
  if (tokens.length !== 1) return null;
  return { kind: match[1] as FeedKind, token: tokens[0]!, ifNoneMatch };
}
/**
 * A Fastify `onRequest` hook that answers a calendar's revalidation of an unchanged feed (a 304)
 * from the token lookup, before the route's guards, pipes and interceptors: subscribed calendars
 * revalidate every hour or so, so most of the feeds' traffic is this answer. Whatever it can't
 * answer so (see `revalidationRequest` and `CalendarService.notModified`) goes on to the route,
 * which answers it as before; a changed feed then costs the token lookup twice.
 */
export function feedRevalidation(calendar: CalendarService): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const wanted = revalidationRequest(request.method, request.url, request.headers['if-none-match']);
    if (!wanted) return;
    const etag = await calendar.notModified(wanted.token, wanted.kind, wanted.ifNoneMatch);
    if (etag === null) return;
    return reply.code(HttpStatus.NOT_MODIFIED).headers({ ETag: etag, ...FEED_CACHE_HEADERS }).send();
  };
}
