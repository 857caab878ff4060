import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import type { ContentLine } from '../../common/text/icalendar';

/**
 * A time zone as a feed writes it: the TZID its timed events name, and its VTIMEZONE component.
 *
 * Why both, always: RFC 5545 §3.2.19 asks for a VTIMEZONE for every TZID an iCalendar object uses.
 * Google Calendar accepts a TZID that is an IANA name (or one a VTIMEZONE in the file defines);
 * Outlook (desktop and on the web) resolves a TZID only through a VTIMEZONE in the same file and
 * otherwise shows the times in the wrong zone or refuses the event. An IANA TZID with its VTIMEZONE
 * satisfies both (docs/product.md#subscription-feeds).
 *
 * The component comes from `timezones-ical-library` (pinned), which ships the IANA time zone
 * database compiled to VTIMEZONEs (STANDARD and DAYLIGHT with TZOFFSETFROM/TZOFFSETTO and a yearly
 * RRULE, the form Outlook and Google write themselves), so the rules are tzdata's, updated with the
 * library rather than by hand.
 */
export interface FeedTimeZone {
  /** The TZID to name, e.g. `Europe/London` (the library's canonical name: `UTC` is `Etc/UTC`). */
  tzid: string;
  /** BEGIN:VTIMEZONE … END:VTIMEZONE as content lines. */
  component: ContentLine[];
}

const cache = new Map<string, FeedTimeZone | null>();

/** The zone's TZID and VTIMEZONE, or null for a zone the library does not know (then times are written in UTC). */
export function feedTimeZone(zone: string): FeedTimeZone | null {
  if (cache.has(zone)) return cache.get(zone)!;
  let found: FeedTimeZone | null = null;
  const block = lookUp(zone);
  if (Array.isArray(block) && block.length === 2 && block[0] && block[1]?.startsWith('TZID=')) {
    const component = block[0]
      .split(/\r?\n/)
      .filter((line) => line !== '')
      .map((line): ContentLine => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon), line.slice(colon + 1)];
      });
    found = { tzid: block[1].slice('TZID='.length), component };
  }
  cache.set(zone, found);
  return found;
}

let known: Set<string> | undefined;

/** The library's block for a zone it lists (it logs an error and answers '' for any other). */
function lookUp(zone: string): string[] | string {
  known ??= new Set(tzlib_get_timezones(false) as string[]);
  return known.has(zone) ? tzlib_get_ical_block(zone, false) : '';
}
