import { emailDocument, paragraphs } from '../../common/text/html';

/**
 * The email that follows a reminder whose duty is gone (docs/product.md#reminders): it says so
 * and carries the event's cancellation, so the calendar the reminder went into drops the duty.
 * Fixed text: the organisation's template is for reminders.
 */
export function reminderCancellationEmail(values: { staffName: string; date: string; rotaUrl: string }) {
  const lines = [
    `Hello ${values.staffName},`,
    `You are no longer on duty on ${values.date}. The reminder you had for that day no longer applies, and the attached calendar file removes the duty from your calendar.`,
    `Your duties in Duty Manager: ${values.rotaUrl}`,
  ];
  return { subject: `Cancelled: your duty on ${values.date}`, html: emailDocument(paragraphs(lines)), text: `${lines.join('\n\n')}\n` };
}

/** MAIL_FROM ("Duty Manager <no-reply@dutymanager.app>", or a bare address) as a calendar's organizer. */
export function senderOf(mailFrom: string): { name: string; email: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailFrom);
  if (named) return { name: named[1]!.trim() || 'Duty Manager', email: named[2]! };
  return { name: 'Duty Manager', email: mailFrom.trim() };
}
