import type { IsoDate } from '../clock/clock';

/**
 * The small part of RFC 5545 the app writes: text escaping, dates, UTC stamps, and content
 * lines ended by CRLF and folded at 75 octets. Written by hand (not with the `ics` package)
 * because `ics` folds at 75 characters, which breaks the limit for names with accents.
 */

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds one content line so that no line is longer than 75 octets of UTF-8 (RFC 5545 §3.1),
 * never splitting a character: continuation lines start with a space, which counts.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** Undoes folding: a CRLF followed by one space or tab joins the lines (RFC 5545 §3.1). */
export function unfold(text: string): string {
  return text.replace(/\r?\n[ \t]/g, '');
}

/** Re-folds a whole calendar text at 75 octets with CRLF line ends, whatever wrote it. */
export function refold(text: string): string {
  const lines = unfold(text)
    .split(/\r?\n/)
    .filter((l) => l !== '');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** `2025-09-09` → `20250909` (a DATE value). */
export function icalDate(date: IsoDate): string {
  return date.replace(/-/g, '');
}

/** `2025-09-09` and `12:30` → `20250909T123000` (a local DATE-TIME, for a TZID or floating). */
export function icalLocal(date: IsoDate, time: string): string {
  return `${icalDate(date)}T${time.replace(':', '')}00`;
}

/** An instant (a Date, or a timestamp as the database driver returns it) as a UTC DATE-TIME, whole seconds: `20250908T080000Z`. */
export function icalUtc(instant: Date | string): string {
  return new Date(instant)
    .toISOString().replace(/\.\d{3}/, '').replace(/[-:]/g, '');
}

/** A content line: name (with parameters), colon, value. */
export type ContentLine = [name: string, value: string];

/** Writes components and their lines, folded, with CRLF after every line. */
export function writeCalendar(lines: ContentLine[]): string {
  let out = '';
  for (const [name, value] of lines) out += foldLine(`${name}:${value}`) + CRLF;
  return out;
}
