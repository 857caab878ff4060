import { dutyTitle } from '../../common/text/duty-title';
import { emailDocument, escapeHtml, paragraphs } from '../../common/text/html';

/** A duty as its reminders name it. */
export interface NamedDuty {
  name: string;
  place: string | null;
  startTime: string | null;
  endTime: string | null;
}

/**
 * "Lunch — Canteen, 12:30–13:10"; "Lunch, 12:30–13:10" without a place, or with one its name says
 * already (dutyTitle, as screens and feeds name it); "Duty Manager, all day".
 */
export function dutyLine(duty: NamedDuty): string {
  const title = dutyTitle(duty.name, duty.place);
  return duty.startTime && duty.endTime ? `${title}, ${duty.startTime}–${duty.endTime}` : `${title}, all day`;
}

/**
 * The reminder before a timed duty starts (docs/product.md#reminders): "Lunch — Canteen,
 * 12:30–13:10 today", with what the post involves. Fixed text: the organisation's template is the
 * Duty Manager duty's reminder.
 */
export function startReminderEmail(values: {
  staffName: string;
  duty: NamedDuty & { description: string };
  /** "today", or the date as people read it when the duty is tomorrow. */
  day: string;
  minutesBefore: number;
  rotaUrl: string;
}) {
  const what = `${dutyLine(values.duty)} ${values.day === 'today' ? 'today' : `on ${values.day}`}`;
  const lines = [
    `Dear ${values.staffName},`,
    `Your duty starts in ${values.minutesBefore} minutes: ${what}.`,
    ...values.duty.description
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    `Your duties in Duty Manager: ${values.rotaUrl}`,
  ];
  return { subject: `Reminder: ${what}`, html: emailDocument(paragraphs(lines)), text: `${lines.join('\n\n')}\n` };
}

/**
 * The reminder before the day of duties other than the Duty Manager's, for someone not reminded
 * of them with their Duty Manager day: each duty on its line with its time and place.
 */
export function dutiesReminderEmail(values: { staffName: string; date: string; duties: NamedDuty[]; rotaUrl: string }) {
  const lines = values.duties.map(dutyLine);
  const intro = `This is a reminder of your ${lines.length === 1 ? 'duty' : 'duties'} on ${values.date}:`;
  const html = [
    `<p>${escapeHtml(`Dear ${values.staffName},`)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    paragraphs([`Your duties in Duty Manager: ${values.rotaUrl}`]),
  ].join('\n');
  const text = [`Dear ${values.staffName},`, intro, lines.map((l) => `- ${l}`).join('\n'), `Your duties in Duty Manager: ${values.rotaUrl}`].join(
    '\n\n',
  );
  return { subject: `Duty reminder - ${values.date}`, html: emailDocument(html), text: `${text}\n` };
}
