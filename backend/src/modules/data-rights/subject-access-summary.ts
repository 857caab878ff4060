import { createHash } from 'node:crypto';
import { escapeHtml } from '../../common/text/html';
import type { SubjectAccessDto } from './dto/subject-access.dto';

/**
 * The readable summary of a subject access document (docs/security.md, "Subject access"): one
 * self-contained HTML page, a heading and a table per section, to read or print. Every value is
 * escaped; the page has no script, loads nothing, and carries its own Content-Security-Policy
 * (a `<meta>`, so it holds when opened from disk too): only its one stylesheet, by hash.
 */

const STYLE = `body{font-family:system-ui,Arial,sans-serif;line-height:1.45;color:#1f1f1f;margin:2rem auto;max-width:60rem;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ccc;padding-bottom:.25rem}h3{font-size:1.05rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f3f3}caption{text-align:left;font-weight:600;padding:.25rem 0}pre{white-space:pre-wrap;margin:0;font:inherit}
.empty{color:#555;font-style:italic}@media print{body{margin:0;max-width:none}h2{break-after:avoid}tr{break-inside:avoid}}`;

/** The page's policy: nothing but the stylesheet above (by its hash); no scripts, frames, forms or loads. */
export const SUMMARY_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'`;

/** Headers for the HTTP answer: the page's policy, and frames refused too (`frame-ancestors` works only as a header). */
export const SUMMARY_HTTP_CSP = `${SUMMARY_CSP}; frame-ancestors 'none'`;

/** Why a duty is pinned, in words. */
const PINNED: Record<string, string> = { swap: 'Yes (a swap)', cover: 'Yes (cover)', hand: 'Yes (put on by hand)', override: 'Yes (an override)' };

const ROLE_NAMES: Record<string, string> = { admin: 'Admin', manager: 'Manager', staff: 'Staff' };

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Cell = string | number | boolean | null | undefined;

/** A value an activity log entry recorded, as text: lists joined, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

function text(value: Cell): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function table(caption: string | null, headings: string[], rows: Cell[][], empty: string): string {
  if (!rows.length) return `${caption ? `<h3>${escapeHtml(caption)}</h3>` : ''}<p class="empty">${escapeHtml(empty)}</p>`;
  const head = headings.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td><pre>${escapeHtml(text(cell))}</pre></td>`).join('')}</tr>`).join('\n');
  return `<table>${caption ? `<caption>${escapeHtml(caption)}</caption>` : ''}<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function facts(rows: [string, Cell][]): string {
  return `<table><tbody>${rows.map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(text(value))}</td></tr>`).join('\n')}</tbody></table>`;
}

/** The page for `doc`, times shown in the organisation's `timeZone`. */
export function subjectAccessSummary(doc: SubjectAccessDto, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const at = (value: string | null) => (value ? when.format(new Date(value)) : null);
  const date = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  const days = (list: number[]) => list.map((d) => WEEKDAYS[d] ?? String(d)).join(', ');
  const time = (start: string | null, end: string | null) => (start && end ? `${start}–${end}` : 'All day');
  const p = doc.profile;

  const sections = [
    `<h2 id="profile">Profile</h2>`,
    facts([
      ['Name', p.name],
      ['Email', p.email],
      ['Role', p.role ? (ROLE_NAMES[p.role] ?? p.role) : 'No account'],
      ['Department', p.department],
      ['Teaching staff', p.isTeaching],
      ['Working days', days(p.workingDays)],
      ['Contract fraction (FTE)', p.fte],
      ['Weekly maximum of duties', p.weeklyCap],
      ['Days to avoid', days(p.avoidDays)],
      ['Active', p.isActive],
      ['Record created', at(p.createdAt)],
      ['Last sign-in', at(p.lastSignInAt)],
      ['Two-step verification', p.twoFactorEnabled ? 'On' : 'Off'],
    ]),
    table(
      'Sign-in providers',
      ['Provider', 'Linked', 'Last used'],
      p.signInIdentities.map((i) => [i.provider, at(i.createdAt), at(i.lastUsedAt)]),
      'No sign-in provider is linked.',
    ),
    table(
      'Calendar subscription links',
      ['Created', 'Last used', 'Still working'],
      p.calendarFeeds.map((f) => [at(f.createdAt), at(f.lastUsedAt), f.active]),
      'No calendar subscription link.',
    ),
    `<h2 id="duties">Duties (${doc.duties.length})</h2>`,
    table(
      null,
      ['Date', 'Duty', 'Place', 'Time', 'Pinned'],
      doc.duties.map((d) => [date(d.date), d.duty, d.place, time(d.startTime, d.endTime), d.pinned ? (PINNED[d.pinnedReason ?? ''] ?? 'Yes') : 'No']),
      'No duties.',
    ),
    `<h2 id="requests">Requests</h2>`,
    table(
      'Swap requests',
      ['Asked', 'Requester', 'Colleague', 'Duty and date', 'In exchange', 'Reason', 'Status', 'Decided'],
      doc.swapRequests.map((r) => [
        at(r.createdAt),
        r.requester,
        r.colleague,
        `${r.duty}, ${date(r.originalDate)}`,
        `${r.swapDuty}, ${date(r.swapDate)}`,
        r.reason,
        r.status,
        r.decidedAt ? `${at(r.decidedAt)}${r.decidedBy ? ` by ${r.decidedBy}` : ''}` : null,
      ]),
      'No swap requests.',
    ),
    table(
      'Cancel requests and removals from duties',
      ['Asked', 'Whose duty', 'Duty and date', 'Reason', 'How', 'Status', 'Replacement', 'Decided'],
      doc.cancelRequests.map((r) => [
        at(r.createdAt),
        r.staff,
        `${r.duty}, ${date(r.date)}`,
        r.reason,
        r.source,
        r.status,
        r.replacement,
        r.decidedAt ? `${at(r.decidedAt)}${r.decidedBy ? ` by ${r.decidedBy}` : ''}` : null,
      ]),
      'No cancel requests.',
    ),
    `<h2 id="notifications">Notifications (${doc.notifications.length})</h2>`,
    table(
      null,
      ['When', 'Notification', 'Read'],
      doc.notifications.map((n) => [at(n.createdAt), n.text, at(n.readAt) ?? 'Not read']),
      'No notifications.',
    ),
    `<h2 id="unavailability">Unavailability</h2>`,
    table(
      'Dated periods',
      ['From', 'To', 'Type', 'Reason', 'Recorded'],
      doc.unavailability.periods.map((u) => [date(u.startDate), date(u.endDate), u.type, u.reason, at(u.createdAt)]),
      'No dated periods.',
    ),
    table(
      'Weekly commitments',
      ['Days', 'From', 'To', 'Weeks', 'Time', 'Reason'],
      doc.unavailability.weekly.map((w) => [
        days(w.weekdays),
        date(w.startDate),
        date(w.endDate),
        w.everyOtherWeek ? `Week ${w.week ?? ''}` : 'Every week',
        time(w.startTime, w.endTime),
        w.reason,
      ]),
      'No weekly commitments.',
    ),
    `<h2 id="emails">Emails sent to this address (${doc.emails.length})</h2>`,
    table(
      null,
      ['Queued', 'Sent', 'Subject', 'Kind', 'Status', 'Text'],
      doc.emails.map((e) => [at(e.createdAt), at(e.sentAt), e.subject, e.kind, e.status, e.text ?? 'Not kept']),
      'No emails.',
    ),
    `<h2 id="activity">Activity log entries by or about this person (${doc.auditEntries.length})</h2>`,
    table(
      null,
      ['When', 'By', 'What', 'Changes'],
      doc.auditEntries.map((a) => [
        at(a.createdAt),
        a.actorName,
        a.summary,
        a.changes.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`).join('\n') || null,
      ]),
      'No activity log entries.',
    ),
  ];

  const title = `The data ${doc.organization} holds about ${p.name}`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(SUMMARY_CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Made on ${escapeHtml(at(doc.generatedAt) ?? '')} by Duty Manager for ${escapeHtml(doc.organization)}. The same data, complete and for other programs, is in the JSON file (format ${escapeHtml(doc.format)}, version ${doc.schemaVersion}).</p>
${sections.join('\n')}
</body>
</html>
`;
}
