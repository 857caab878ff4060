import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../common/text/html';
import type { StoredEmailTemplate } from '../settings/entities/system-settings.entity';

export type EmailTemplate = StoredEmailTemplate;

/** The built-in reminder (docs/product.md#reminders: subject "Duty Manager Reminder - {date}"). */
export const DEFAULT_EMAIL_TEMPLATE: EmailTemplate = {
  subject: 'Duty Manager Reminder - {date}',
  greeting: 'Dear {staffName},',
  mainMessage: 'This is a reminder that you are scheduled as <strong>Duty Manager</strong> on <strong>{date}</strong>.',
  keyReminders: [
    'Arrive 15 minutes before the start of the day',
    'Carry the duty phone or radio at all times',
    "Check the day's cover and visitors with the office",
    'Record any incident before you leave',
  ],
  emergencyContacts: ['School office: reception desk', 'Designated safeguarding lead', 'Site manager'],
  footerMessage: "If you can't do this duty, ask for a swap or a cancellation in Duty Manager as soon as you can.",
  signature: 'Duty Manager Team',
};

/** A saved template with the built-in parts it lacks, or null when none is saved. */
export function withDefaults(saved: StoredEmailTemplate | null): EmailTemplate | null {
  return saved ? { ...DEFAULT_EMAIL_TEMPLATE, ...saved } : null;
}

/**
 * The only links that survive: absolute http(s) and mailto. Anything else — javascript:, data:,
 * vbscript:, protocol-relative `//host`, a relative path (meaningless in an email), or a scheme
 * hidden behind entities, tabs or newlines — loses its href. An allowlist on the decoded value,
 * so a variant nobody thought of is dropped too.
 */
const SAFE_HREF = /^(https?:\/\/|mailto:)[^\s]/i;
const LINK_SCHEMES = ['http', 'https', 'mailto'];

function safeLink(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href?.trim();
  // Links open outside the mail client's frame and leak nothing about the reader.
  const safe: sanitizeHtml.Attributes = { target: '_blank', rel: 'noopener noreferrer' };
  return { tagName: 'a', attribs: href && SAFE_HREF.test(href) ? { href, ...safe } : safe };
}

/** What every link may carry, in the template and in the finished email alike. */
const LINK_POLICY: Pick<sanitizeHtml.IOptions, 'allowedSchemes' | 'allowedSchemesByTag' | 'allowedSchemesAppliedToAttributes' | 'allowProtocolRelative'> = {
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { a: LINK_SCHEMES },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'background'],
  allowProtocolRelative: false,
};

/** The tags an admin may use (issue: strong, em, b, i, u, br, p, ul, ol, li and http(s)/mailto links). */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['strong', 'em', 'b', 'i', 'u', 'br', 'p', 'ul', 'ol', 'li', 'a'],
  // target and rel are always overwritten by the transform below.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  ...LINK_POLICY,
  disallowedTagsMode: 'discard',
  transformTags: { a: safeLink },
};

/**
 * The finished reminder's body: the admin's tags plus the layout's own headings with an inline
 * style. Style is allowed on those only; the template parts never carry it (ALLOWED).
 */
const FINAL: sanitizeHtml.IOptions = {
  ...ALLOWED,
  allowedTags: [...(ALLOWED.allowedTags as string[]), 'h3'],
  allowedAttributes: { a: ['href', 'target', 'rel'], h3: ['style'] },
};

/** Keeps only the allowed tags; scripts, styles, event handlers and other links are dropped. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/**
 * Plain text of a fragment (the subject line, the text part of the email), laid out as a person
 * would type it: paragraphs, headings and lists apart by a blank line, each bullet on its own line.
 */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|h3|ul|ol)(\s[^>]*)?>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<li(\s[^>]*)?>/gi, '\n- ')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, label: string) => (label === href ? href : `${label} (${href})`));
  const stripped = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    // Between two bullets only the line break of the first one's end stays.
    .replace(/^- (.*)\n{2,}(?=- )/gm, '- $1\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every part sanitised; list items left blank are dropped. The subject is plain text. */
export function sanitizeTemplate(template: EmailTemplate): EmailTemplate {
  const list = (items: string[]) => items.map(sanitizeTemplateHtml).filter((item) => htmlToText(item) !== '');
  return {
    subject: htmlToText(template.subject).replace(/\s+/g, ' ').trim(),
    greeting: sanitizeTemplateHtml(template.greeting),
    mainMessage: sanitizeTemplateHtml(template.mainMessage),
    keyReminders: list(template.keyReminders),
    emergencyContacts: list(template.emergencyContacts),
    footerMessage: sanitizeTemplateHtml(template.footerMessage),
    signature: sanitizeTemplateHtml(template.signature),
  };
}

export interface ReminderValues {
  staffName: string;
  /** The duty date as people read it, e.g. "Tuesday 9 September 2025". */
  date: string;
  /** Who else is on duty that day, if anyone. */
  colleagues?: string[];
  /** Where the rota is, when the app knows its address. */
  rotaUrl?: string;
  /** Each of the person's duties that day ("Lunch — Canteen, 12:30–13:10"), when they have more than the Duty Manager's. */
  duties?: string[];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function fill(html: string, values: ReminderValues, escape: (s: string) => string): string {
  return html.replace(/\{(staffName|date)\}/g, (_m, key: 'staffName' | 'date') => escape(values[key]));
}

/**
 * The reminder email for one duty. The template is sanitised first (it may come from an unsaved
 * draft in the preview), `{date}` and `{staffName}` are filled in HTML-escaped, and then each
 * filled part and the whole email are sanitised again: a placeholder is only text once it is
 * substituted, and what goes out is what was checked (a name such as `javascript:alert(1)//`
 * inside `<a href="{staffName}">` would otherwise become a link).
 */
export function renderReminder(template: EmailTemplate, values: ReminderValues): RenderedEmail {
  const t = sanitizeTemplate(template);
  const part = (html: string) => sanitizeTemplateHtml(fill(html, values, escapeHtml));
  const list = (title: string, items: string[]) =>
    items.length ? `<h3 style="margin:16px 0 4px;font-size:15px">${title}</h3><ul>${items.map((i) => `<li>${part(i)}</li>`).join('')}</ul>` : '';
  const paragraph = (html: string) => (html ? `<p>${part(html)}</p>` : '');
  const colleagues = values.colleagues?.length
    ? `<p>On duty with you: ${escapeHtml(values.colleagues.join(', '))}.</p>`
    : '';
  const duties = values.duties?.length
    ? `<p>Your duties that day:</p><ul>${values.duties.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`
    : '';
  const rota = values.rotaUrl ? `<p><a href="${escapeHtml(values.rotaUrl)}">Open the rota in Duty Manager</a></p>` : '';
  const body = sanitizeHtml(
    [
      paragraph(t.greeting),
      paragraph(t.mainMessage),
      duties,
      colleagues,
      list('Key reminders', t.keyReminders),
      list('Emergency contacts', t.emergencyContacts),
      paragraph(t.footerMessage),
      paragraph(t.signature),
      rota,
    ].join('\n'),
    FINAL,
  );
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f">\n${body}\n</div>`;
  return {
    subject: fill(t.subject, values, (s) => s).slice(0, 500),
    html,
    text: htmlToText(body),
  };
}
