import { escapeHtml } from '../../common/text/html';
import { describeDate } from '../../common/text/dates';
import type { NewEmail } from '../mail/outbox.service';
import type { Person } from './request-people';

interface Letter {
  kind: string;
  to: Person;
  subject: string;
  lines: string[];
}

function letter({ kind, to, subject, lines }: Letter): NewEmail {
  const all = [`Hello ${to.name},`, ...lines, 'You can see the whole rota in Duty Manager.'];
  return {
    kind,
    // Notices about the rota only; signing in is how the reader acts on them.
    containsAccessLink: false,
    to: to.email,
    subject,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f1f1f">
${all.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`,
    text: `${all.join('\n\n')}\n`,
  };
}

const decided = (approved: boolean) => (approved ? 'approved' : 'rejected');

/** To the requester (and, when approved, the target) once a swap is decided. */
export function swapDecidedEmails(
  swap: { requester: Person; target: Person; originalDate: string; swapDate: string; reason: string },
  approved: boolean,
  automatically: boolean,
): NewEmail[] {
  const original = describeDate(swap.originalDate);
  const trade = swap.swapDate !== swap.originalDate;
  const how = automatically ? ' automatically' : '';
  const emails = [
    letter({
      kind: 'swap-decided',
      to: swap.requester,
      subject: `Swap request ${decided(approved)}: ${original}`,
      lines: approved
        ? [
            `Your swap request was approved${how}: ${swap.target.name} takes your duty on ${original}.`,
            ...(trade ? [`In return you are on duty on ${describeDate(swap.swapDate)}.`] : []),
          ]
        : [`Your request to swap your duty on ${original} with ${swap.target.name} was rejected. The duty stays yours.`],
    }),
  ];
  if (approved) {
    emails.push(
      letter({
        kind: 'swap-decided',
        to: swap.target,
        subject: `You are on duty on ${original}`,
        lines: [
          `${swap.requester.name}'s swap request was approved${how}: you are now on duty on ${original}.`,
          ...(trade ? [`${swap.requester.name} takes your duty on ${describeDate(swap.swapDate)} instead.`] : []),
          `Reason given: ${swap.reason}`,
        ],
      }),
    );
  }
  return emails;
}

/** To the person whose duty it is, once their cancel request is decided. */
export function cancelDecidedEmail(
  request: { staff: Person; date: string },
  approved: boolean,
  automatically: boolean,
): NewEmail {
  const day = describeDate(request.date);
  return letter({
    kind: 'cancel-decided',
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
export function dutiesTakenOffEmail(staff: Person, removals: { date: string; reason: string }[]): NewEmail {
  const sorted = [...removals].sort((a, b) => a.date.localeCompare(b.date));
  return letter({
    kind: 'duties-removed',
    to: staff,
    subject: sorted.length === 1 ? `Duty removed: ${describeDate(sorted[0]!.date)}` : `${sorted.length} duties removed`,
    lines: [
      `You are no longer on duty on ${sorted.length === 1 ? 'this day' : 'these days'}:`,
      ...sorted.map((r) => `${describeDate(r.date)}: ${r.reason}`),
    ],
  });
}

/** To someone auto-fill put on duties others can no longer do: one email per change, with every day. */
export function dutiesAddedEmail(replacement: Person, added: { date: string; replacing: Person }[]): NewEmail {
  if (added.length === 1) return dutyAddedEmail(replacement, added[0]!.date, added[0]!.replacing);
  const sorted = [...added].sort((a, b) => a.date.localeCompare(b.date));
  return letter({
    kind: 'duty-added',
    to: replacement,
    subject: `You are on duty on ${sorted.length} more days`,
    lines: [
      'You have been added to the duty rota on these days, in place of colleagues who can no longer do them:',
      ...sorted.map((a) => `${describeDate(a.date)} (in place of ${a.replacing.name})`),
    ],
  });
}

/** To someone an admin or manager put on a day by hand. */
export function dutyAssignedEmail(person: Person, date: string, by: string): NewEmail {
  const day = describeDate(date);
  return letter({
    kind: 'duty-added',
    to: person,
    subject: `You are on duty on ${day}`,
    lines: [`${by} has put you on the duty rota on ${day}.`],
  });
}

/** To the person auto-fill put on a duty someone else gave up. */
export function dutyAddedEmail(replacement: Person, date: string, replacing: Person): NewEmail {
  const day = describeDate(date);
  return letter({
    kind: 'duty-added',
    to: replacement,
    subject: `You are on duty on ${day}`,
    lines: [`You have been added to the duty rota on ${day}, in place of ${replacing.name}, who can no longer do it.`],
  });
}
