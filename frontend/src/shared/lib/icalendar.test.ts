import { describe, expect, it } from 'vitest';

import { foldIcsLines, foldLine, MAX_LINE_OCTETS, unfoldIcs } from './icalendar';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('iCalendar line folding', () => {
  it('leaves a line of exactly 75 octets alone', () => {
    const line = `SUMMARY:${'a'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds by octets, not characters, and never inside a character', () => {
    // 70 characters, but 8 + 62 × 2 = 132 octets.
    const line = `SUMMARY:${'é'.repeat(62)}`;
    const folded = foldLine(line).split('\r\n');

    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // No replacement characters: every part is whole UTF-8.
    expect(folded.join('')).not.toContain('\uFFFD');
    expect(unfoldIcs(foldLine(line))).toBe(line);
  });

  it('keeps characters outside the BMP whole', () => {
    const line = `DESCRIPTION:${'📅'.repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) {
      expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    expect(unfoldIcs(folded)).toBe(line);
  });

  it('re-folds a whole text, undoing the old folds (tab or space) and ending every line with CRLF', () => {
    const name = 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran';
    const text = `BEGIN:VCALENDAR\nSUMMARY:Duty Manager - ${name.slice(0, 40)}\n\t${name.slice(40)}\r\nEND:VCALENDAR`;

    const refolded = foldIcsLines(text);

    expect(refolded.endsWith('\r\n')).toBe(true);
    expect(refolded.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = refolded.slice(0, -2).split('\r\n');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    expect(unfoldIcs(refolded)).toBe(
      `BEGIN:VCALENDAR\r\nSUMMARY:Duty Manager - ${name}\r\nEND:VCALENDAR\r\n`,
    );
  });
});
