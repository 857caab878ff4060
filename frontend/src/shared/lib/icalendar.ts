/**
 * Line folding for iCalendar text (RFC 5545 §3.1). Libraries such as `ics` fold at 75
 * characters, but the limit is 75 octets of UTF-8, so a name with accents gives lines that strict
 * calendar apps reject or garble. `foldIcsLines` re-folds any calendar text correctly.
 */

const CRLF = '\r\n';
/** The longest a content line may be, line break excluded. */
export const MAX_LINE_OCTETS = 75;

const encoder = new TextEncoder();

function octets(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Folds one unfolded content line into lines of at most 75 octets, never inside a character:
 * continuation lines start with a space, which counts toward the 75.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let size = 0;
  // `for…of` walks code points, so a character outside the BMP is never cut in two.
  for (const char of line) {
    const charSize = octets(char);
    if (size + charSize > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += charSize;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** Undoes folding: a line break followed by one space or tab joins the two lines. */
export function unfoldIcs(text: string): string {
  return text.replace(/\r?\n[ \t]/g, '');
}

/** Re-folds a whole calendar text at 75 octets, every line ended by CRLF (the last one too). */
export function foldIcsLines(text: string): string {
  const lines = unfoldIcs(text)
    .split(/\r?\n/)
    .filter((line) => line !== '');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
