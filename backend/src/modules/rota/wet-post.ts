import type { DutyPostDto } from './dto/duty-post.dto';

/**
 * The wet-weather rule (docs/product.md#duties): on a day marked wet, a duty with a wet-weather
 * post is at that post; on any other day, or for a duty without one, it is at its usual place.
 * Written here once for SQL (`wetPostJoin`, for the statements that read duties with their days:
 * My Rota, calendar feeds, reminders) and once for values already read (`postOn`, the Today board,
 * which has the day's mark and the duty list in hand).
 */

/** Where a duty is on a day, as screens show it (DutyPostDto's `place`, `wet`, `dryPlace`). */
export type PostOnDay = Pick<DutyPostDto, 'place' | 'wet' | 'dryPlace'>;

/**
 * Joins to a statement that has the duty `duty` (an alias of `duties`) on the day of `day` (an
 * alias of one of its earlier tables with the day's `organization_id` and `date`: a rota day or
 * slot) the day's mark and the relation `post`: `post.place` where the duty is that day,
 * `post.wet` whether it is at its wet-weather post, `post.usual_place` its usual place. One row per
 * row; the rule's test is written once.
 */
export function wetPostJoin(duty: string, day: string): string {
  return `left join wet_days wet_day on wet_day.organization_id = ${day}.organization_id and wet_day.date = ${day}.date
         cross join lateral (
           select marked.wet, case when marked.wet then ${duty}.wet_place else ${duty}.place end as place, ${duty}.place as usual_place
             from (select ${duty}.wet_place is not null and wet_day.id is not null as wet) marked
         ) post`;
}

/** A statement's `post.place`, `post.wet`, `post.usual_place` as screens show them. */
export function postOfRow(row: { place: string | null; wet: boolean; usual_place: string | null }): PostOnDay {
  return row.wet ? { place: row.place, wet: true, dryPlace: row.usual_place } : { place: row.place };
}

/** Where `duty` is on a day that is marked wet (`wet`) or not. */
export function postOn(duty: { place: string | null; wetPlace?: string | null }, wet: boolean): PostOnDay {
  return postOfRow({ place: wet && duty.wetPlace ? duty.wetPlace : duty.place, wet: wet && !!duty.wetPlace, usual_place: duty.place });
}
