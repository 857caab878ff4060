import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';
import { emailDocument, paragraphs } from '../../common/text/html';
import { plural } from '../../common/text/plural';
import { OutboxService } from '../mail/outbox.service';
import { NotificationsService } from '../notifications/notifications.service';
import { StaffDirectory, type StaffPerson } from '../staff/staff-directory.service';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import type { DaySlots } from './engine/rota-engine';

/** One person's days that a change put them on and took them off, each in date order. */
export interface DutyChange {
  staffId: string;
  added: IsoDate[];
  removed: IsoDate[];
}

/** Who changed the rota, and how, as the letter tells it: "Ann Admin" "reshuffled the rota". */
export interface DutyChangeCause {
  by: string;
  did: string;
}

/** What each bulk tool did, for the letters (docs/product.md#bulk-tools). */
export const BULK_TOOL_DID: Record<'reshuffle' | 'fill' | 'clear', string> = {
  reshuffle: 'reshuffled the rota',
  fill: 'filled the empty slots of the rota',
  clear: 'cleared the rota',
};

/** Assigning by hand (docs/product.md#assigning-by-hand). */
export const BY_HAND_DID = 'changed the rota by hand';

/**
 * Per person, the days `after` put them on and took them off compared with `before`, over the
 * dates `after` names (a date it doesn't name is unchanged). A person who only moves to another
 * slot of the same day has no change.
 */
export function dutyChangesBetween(before: Record<IsoDate, DaySlots>, after: Record<IsoDate, DaySlots>): DutyChange[] {
  const changes = new Map<string, DutyChange>();
  const of = (staffId: string) => changes.get(staffId) ?? changes.set(staffId, { staffId, added: [], removed: [] }).get(staffId)!;
  for (const date of Object.keys(after).sort()) {
    const was = new Set((before[date] ?? []).flatMap((slot) => (slot ? [slot.staffId] : [])));
    const is = new Set(after[date]!.flatMap((slot) => (slot ? [slot.staffId] : [])));
    for (const id of is) if (!was.has(id)) of(id).added.push(date);
    for (const id of was) if (!is.has(id)) of(id).removed.push(date);
  }
  return [...changes.values()];
}

const days = (dates: IsoDate[]) => plural(dates.length, 'day');

/** The bell's line: short, with the day when there is one. */
function noticeText(by: string, { added, removed }: DutyChange): string {
  if (!removed.length) return added.length === 1 ? `${by} put you on duty on ${describeDate(added[0]!)}` : `${by} put you on duty on ${days(added)}`;
  if (!added.length) return removed.length === 1 ? `${by} took you off duty on ${describeDate(removed[0]!)}` : `${by} took you off duty on ${days(removed)}`;
  return `${by} changed your duties: on duty on ${days(added)} more, off duty on ${days(removed)}`;
}

function subject({ added, removed }: DutyChange): string {
  if (!removed.length) return added.length === 1 ? `You are on duty on ${describeDate(added[0]!)}` : `You are on duty on ${added.length} more days`;
  if (!added.length) return removed.length === 1 ? `Duty removed: ${describeDate(removed[0]!)}` : `${removed.length} duties removed`;
  return 'Your duties have changed';
}

/** The email: every day added, then every day removed, and where to see the rota. */
export function dutyChangeLetter(person: Pick<StaffPerson, 'name'>, change: DutyChange, cause: DutyChangeCause, rotaUrl: string) {
  const lines = [
    `Hello ${person.name},`,
    `${cause.by} ${cause.did}.`,
    ...(change.added.length ? ['You are now on duty on:', ...change.added.map(describeDate)] : []),
    ...(change.removed.length ? ['You are no longer on duty on:', ...change.removed.map(describeDate)] : []),
    `Your duties in Duty Manager: ${rotaUrl}`,
  ];
  return { subject: subject(change), html: emailDocument(paragraphs(lines)), text: `${lines.join('\n\n')}\n` };
}

/**
 * Tells people that their duties changed (docs/product.md#notifications), for the rota's own
 * tools: the bulk tools and assigning by hand. Each person affected gets one email with every day
 * the change put them on or took them off, and one notification, both in the caller's
 * transaction. (The requests module tells people about its changes through RequestMessenger; a
 * reminder already sent for a day someone lost is cancelled by the reminder job.)
 */
@Injectable()
export class DutyChangeNotices {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly outbox: OutboxService,
    private readonly notifications: NotificationsService,
    private readonly hosts: OrganizationHosts,
  ) {}

  /** Tells everyone whose duties differ between `before` and `after` (see dutyChangesBetween). Returns how many. */
  async tell(before: Record<IsoDate, DaySlots>, after: Record<IsoDate, DaySlots>, cause: DutyChangeCause): Promise<number> {
    const changes = dutyChangesBetween(before, after);
    if (!changes.length) return 0;
    const people = await this.staffDirectory.byIds(changes.map((c) => c.staffId));
    const rotaUrl = `${await this.hosts.currentUrl()}/my-rota`;
    // One change, one event: a second run of the same tool is news again.
    const event = randomUUID();
    for (const change of changes) {
      const person = people.get(change.staffId);
      if (!person) continue;
      this.outbox.enqueueLetter({
        kind: 'duties-changed',
        // A link to the app, which needs signing in: nothing here grants access.
        containsAccessLink: false,
        to: person.email,
        ...dutyChangeLetter(person, change, cause, rotaUrl),
      });
    }
    this.notifications.notify(
      changes.flatMap((change) => {
        const person = people.get(change.staffId);
        return person ? [{ userId: person.userId, kind: 'duty_changed' as const, text: noticeText(cause.by, change), link: '/my-rota', eventKey: `duties:${event}:${person.id}` }] : [];
      }),
    );
    return changes.length;
  }
}
