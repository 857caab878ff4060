import { emailDocument, paragraphs } from '../../common/text/html';
import { describeDate } from '../../common/text/dates';
import { randomUUID } from 'node:crypto';
import type { NewEmail } from '../mail/outbox.service';
import type { NotificationKind } from '../notifications/entities/notification.entity';
import type { NewNotification } from '../notifications/notifications.service';
import type { Person } from './request-people';
import { dutyDay, type SwapDuty } from './swap-plan';

interface Letter {
  kind: string;
  to: Person;
  subject: string;
  lines: string[];
  /** The in-app notification's kind and where it leads. */
  notice: { kind: NotificationKind; link: string; text?: string; subjectId?: string; eventKey?: string };
  /** An absolute link to the app for the email to end with (the request to answer, say). */
  appLink?: string;
}

/**
 * A message to one person about their duties or requests: the email, and the notification the
 * app's bell shows them when they can sign in. Sent by RequestMessenger.
 */
export interface PersonLetter {
  email: NewEmail;
  notice: NewNotification;
}

function letter({ kind, to, subject, lines, notice, appLink }: Letter): PersonLetter {
  const closing = appLink ? `Open it in Duty Manager: ${appLink}` : 'You can see the whole rota in Duty Manager.';
  const all = [`Hello ${to.name},`, ...lines, closing];
  return {
    email: {
      kind,
      // Notices about the rota only (a link to the app needs signing in); signing in is how the reader acts on them.
      containsAccessLink: false,
      to: to.email,
      subject,
      html: emailDocument(paragraphs(all)),
      text: `${all.join('\n\n')}\n`,
    },
    notice: {
      userId: to.userId,
      kind: notice.kind,
      text: notice.text ?? subject,
      link: notice.link,
      subjectId: notice.subjectId,
      eventKey: notice.eventKey ?? `${kind}:${randomUUID()}`,
    },
  };
}

const DUTIES = { kind: 'duty_changed', link: '/my-rota' } as const;

const decided = (approved: boolean) => (approved ? 'approved' : 'rejected');

/** To the requester (and, when approved, the target) once a swap is decided. */
export function swapDecidedEmails(swap: SwapFacts & { target: Person | null }, approved: boolean, automatically: boolean): PersonLetter[] {
  const notice = (who: string) =>
    ({
      kind: 'swap_decided',
      link: `/swaps?request=${swap.id}`,
      subjectId: swap.id,
      eventKey: `swap:${swap.id}:${decided(approved)}:${who}`,
    }) as const;
  const original = dutyDay(swap.originalDate, swap.duty);
  const trade = swap.swapDate !== swap.originalDate;
  const how = automatically ? ' automatically' : '';
  const emails = [
    letter({
      kind: 'swap-decided',
      notice: notice('requester'),
      to: swap.requester,
      subject: `Swap request ${decided(approved)}: ${original}`,
      lines: approved
        ? [
            `Your swap request was approved${how}: ${swap.target?.name ?? 'your colleague'} takes your duty on ${original}.`,
            ...(trade ? [`In return you are on duty on ${dutyDay(swap.swapDate, swap.swapDuty)}.`] : []),
          ]
        : [`Your request to swap your duty on ${original}${swap.target ? ` with ${swap.target.name}` : ''} was rejected. The duty stays yours.`],
    }),
  ];
  if (approved && swap.target) {
    emails.push(
      letter({
        kind: 'swap-decided',
        notice: notice('target'),
        to: swap.target,
        subject: `You are on duty on ${original}`,
        lines: [
          `${swap.requester.name}'s swap request was approved${how}: you are now on duty on ${original}.`,
          ...(trade ? [`${swap.requester.name} takes your duty on ${dutyDay(swap.swapDate, swap.swapDuty)} instead.`] : []),
          `Reason given: ${swap.reason}`,
        ],
      }),
    );
  }
  return emails;
}

/** To the person whose duty it is, once their cancel request is decided. */
export function cancelDecidedEmail(
  request: { staff: Person; date: string; duty?: SwapDuty | null },
  approved: boolean,
  automatically: boolean,
): PersonLetter {
  const day = dutyDay(request.date, request.duty);
  return letter({
    kind: 'cancel-decided',
    notice: { kind: 'cancel_decided', link: '/cancel-requests' },
    to: request.staff,
    subject: `Cancel request ${decided(approved)}: ${day}`,
    lines: approved
      ? [`Your request to cancel your duty on ${day} was approved${automatically ? ' automatically' : ''}. You are no longer on duty that day.`]
      : [`Your request to cancel your duty on ${day} was rejected. You are still on duty that day.`],
  });
}

/**
 * To someone a change of facts took off duties (docs/product.md#the-rota-stays-true): one email per
 * change, with every day and why.
 */
export function dutiesTakenOffEmail(staff: Person, removals: { date: string; reason: string }[], dutyName?: string): PersonLetter {
  const sorted = [...removals].sort((a, b) => a.date.localeCompare(b.date));
  return letter({
    kind: 'duties-removed',
    notice: DUTIES,
    to: staff,
    subject: sorted.length === 1 ? `Duty removed: ${describeDate(sorted[0]!.date)}` : `${sorted.length} duties removed`,
    lines: [
      `You are no longer on ${dutyName ?? 'duty'} on ${sorted.length === 1 ? 'this day' : 'these days'}:`,
      ...sorted.map((r) => `${describeDate(r.date)}: ${r.reason}`),
    ],
  });
}

/** To someone auto-fill put on duties others can no longer do: one email per change, with every day. */
export function dutiesAddedEmail(replacement: Person, added: { date: string; replacing: Person }[]): PersonLetter {
  if (added.length === 1) return dutyAddedEmail(replacement, added[0]!.date, added[0]!.replacing);
  const sorted = [...added].sort((a, b) => a.date.localeCompare(b.date));
  return letter({
    kind: 'duty-added',
    notice: DUTIES,
    to: replacement,
    subject: `You are on duty on ${sorted.length} more days`,
    lines: [
      'You have been added to the duty rota on these days, in place of colleagues who can no longer do them:',
      ...sorted.map((a) => `${describeDate(a.date)} (in place of ${a.replacing.name})`),
    ],
  });
}

/**
 * To someone a change of facts touched where the repair also filled or moved duties
 * (docs/product.md#the-rota-stays-true): one email and one notification per change, with every
 * day it put them on or took them off and why.
 */
export function dutiesRepairedEmail(
  person: Person,
  cause: string,
  change: {
    removed: { date: string; reason: string }[];
    replacing: { date: string; replacing: Person }[];
    /** Each with its duty's title when it is not the Duty Manager duty. */
    filled: { date: string; duty?: string }[];
    movedTo: { date: string; duty?: string }[];
    movedFrom: { date: string; duty?: string }[];
  },
): PersonLetter {
  const byDate = <T extends { date: string }>(list: T[]) => [...list].sort((a, b) => a.date.localeCompare(b.date));
  const on = (list: { date: string; duty?: string }[]) => byDate(list).map((d) => `You are now on ${d.duty ?? 'duty'} on ${describeDate(d.date)}`);
  const off = (list: { date: string; duty?: string }[]) =>
    byDate(list).map((d) => `You are no longer on ${d.duty ?? 'duty'} on ${describeDate(d.date)}`);
  const added = [...change.replacing, ...change.filled, ...change.movedTo].map((d) => d.date).sort();
  const taken = [...change.removed, ...change.movedFrom].map((d) => d.date).sort();
  const subject = !taken.length
    ? added.length === 1
      ? `You are on duty on ${describeDate(added[0]!)}`
      : `You are on duty on ${added.length} more days`
    : !added.length
      ? taken.length === 1
        ? `Duty removed: ${describeDate(taken[0]!)}`
        : `${taken.length} duties removed`
      : 'Your duties have changed';
  const moved = change.movedTo.length + change.movedFrom.length;
  return letter({
    kind: 'duties-repaired',
    notice: DUTIES,
    to: person,
    subject,
    lines: [
      ...(change.removed.length
        ? ['You are no longer on duty on these days:', ...byDate(change.removed).map((r) => `${describeDate(r.date)}: ${r.reason}`)]
        : []),
      ...(change.replacing.length
        ? [
            'You have been added to the duty rota on these days, in place of colleagues who can no longer do them:',
            ...byDate(change.replacing).map((a) => `${describeDate(a.date)} (in place of ${a.replacing.name})`),
          ]
        : []),
      ...(change.filled.length ? [`Added to fill the rota after: ${cause}`, ...on(change.filled)] : []),
      ...(moved ? [`Moved to keep the rota fair after: ${cause}`, ...on(change.movedTo), ...off(change.movedFrom)] : []),
    ],
  });
}

/** To someone an admin or manager put on a day by hand. */
export function dutyAssignedEmail(person: Person, date: string, by: string, dutyName?: string): PersonLetter {
  const day = describeDate(date);
  return letter({
    kind: 'duty-added',
    notice: DUTIES,
    to: person,
    subject: `You are on duty on ${day}`,
    lines: [dutyName ? `${by} has put you on ${dutyName} on ${day}.` : `${by} has put you on the duty rota on ${day}.`],
  });
}

/** To the person auto-fill put on a duty someone else gave up. */
export function dutyAddedEmail(replacement: Person, date: string, replacing: Person, dutyName?: string): PersonLetter {
  const day = describeDate(date);
  return letter({
    kind: 'duty-added',
    notice: DUTIES,
    to: replacement,
    subject: `You are on duty on ${day}`,
    lines: [`You have been added to ${dutyName ?? 'the duty rota'} on ${day}, in place of ${replacing.name}, who can no longer do it.`],
  });
}

/** A swap as the consent letters need it. */
interface SwapFacts {
  id: string;
  requester: Person;
  originalDate: string;
  swapDate: string;
  reason: string;
  /** Null for the Duty Manager duty, whose messages name the day alone. */
  duty: SwapDuty | null;
  swapDuty: SwapDuty | null;
}

const swapLink = (id: string) => `/swaps?request=${id}`;

/** What the swap asks, in the colleague's words: "cover Ann Lee's duty on …" or "trade …". */
function asked(swap: SwapFacts): string {
  const original = dutyDay(swap.originalDate, swap.duty);
  return swap.swapDate === swap.originalDate
    ? `${swap.requester.name} asks you to cover their duty on ${original}`
    : `${swap.requester.name} asks to trade their duty on ${original} for yours on ${dutyDay(swap.swapDate, swap.swapDuty)}`;
}

/** To the named colleague: a swap waits for their answer (email with a link to the request, and the bell). */
export function swapAskedLetter(swap: SwapFacts, colleague: Person, appUrl: string): PersonLetter {
  return letter({
    kind: 'swap-asked',
    to: colleague,
    subject: `Swap request from ${swap.requester.name}: ${dutyDay(swap.originalDate, swap.duty)}`,
    lines: [`${asked(swap)}.`, `Reason given: ${swap.reason}`, 'Accept or decline it in Duty Manager.'],
    appLink: `${appUrl}${swapLink(swap.id)}`,
    notice: { kind: 'swap_asked', link: swapLink(swap.id), text: asked(swap), subjectId: swap.id, eventKey: `swap:${swap.id}:asked` },
  });
}

/** An open cover, offered to a colleague who can take it: in the app only, so nobody's inbox fills with offers. */
export function swapOfferedNotice(swap: SwapFacts, colleague: Person): NewNotification {
  return {
    userId: colleague.userId,
    kind: 'swap_offered',
    text: `${swap.requester.name} offers their duty on ${dutyDay(swap.originalDate, swap.duty)} to anyone who can take it`,
    link: swapLink(swap.id),
    subjectId: swap.id,
    eventKey: `swap:${swap.id}:offered`,
  };
}

/** To an approver: a swap the colleague accepted waits for approval. In the app only; the list is where they decide. */
export function swapToApproveNotice(swap: SwapFacts, colleague: Person, approverUserId: string): NewNotification {
  const original = dutyDay(swap.originalDate, swap.duty);
  return {
    userId: approverUserId,
    kind: 'swap_to_approve',
    text:
      swap.swapDate === swap.originalDate
        ? `${colleague.name} agreed to cover ${swap.requester.name} on ${original}: approve or reject`
        : `${swap.requester.name} and ${colleague.name} agreed to trade ${original} and ${dutyDay(swap.swapDate, swap.swapDuty)}: approve or reject`,
    link: swapLink(swap.id),
    subjectId: swap.id,
    eventKey: `swap:${swap.id}:to-approve`,
  };
}

/** To the requester: the colleague accepted (and whether it now waits for approval) or declined. */
export function swapAnsweredLetter(swap: SwapFacts, colleague: Person, accepted: boolean, next: 'approval' | 'approved' | null): PersonLetter {
  const original = dutyDay(swap.originalDate, swap.duty);
  const text = accepted
    ? `${colleague.name} accepted your swap request for ${original}` +
      (next === 'approved' ? ': it was approved automatically.' : next === 'approval' ? ': it now waits for approval.' : '.')
    : `${colleague.name} declined your swap request for ${original}. The duty stays yours.`;
  return letter({
    kind: 'swap-answered',
    to: swap.requester,
    subject: `${colleague.name} ${accepted ? 'accepted' : 'declined'} your swap request: ${original}`,
    lines: [text],
    notice: {
      kind: 'swap_answered',
      link: swapLink(swap.id),
      text,
      subjectId: swap.id,
      eventKey: `swap:${swap.id}:${accepted ? 'accepted' : 'declined'}`,
    },
  });
}

/** To the colleague who had been asked or had accepted: the requester withdrew the request. In the app only. */
export function swapWithdrawnNotice(swap: SwapFacts, colleague: Person): NewNotification {
  return {
    userId: colleague.userId,
    kind: 'swap_withdrawn',
    text: `${swap.requester.name} withdrew their swap request for ${dutyDay(swap.originalDate, swap.duty)}`,
    link: swapLink(swap.id),
    subjectId: swap.id,
    eventKey: `swap:${swap.id}:withdrawn`,
  };
}

/** To the requester: nobody decided the request before its day passed. In the app only. */
export function swapExpiredNotice(swap: SwapFacts): NewNotification {
  return {
    userId: swap.requester.userId,
    kind: 'swap_expired',
    text: `Your swap request for ${dutyDay(swap.originalDate, swap.duty)} expired: the day passed before it was decided`,
    link: swapLink(swap.id),
    subjectId: swap.id,
    eventKey: `swap:${swap.id}:expired`,
  };
}
