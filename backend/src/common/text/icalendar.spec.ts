import { escapeText, foldLine, icalDate, icalUtc, refold, unfold, writeCalendar } from './icalendar';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks in TEXT values', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('leaves lines of up to 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds at 75 octets, counting accented letters as the 2 octets they take, never splitting one', () => {
    const line = `SUMMARY:Duty Manager - ${'Zoë Ångström-Éléonore Bénédicte '.repeat(4)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    // Each part is whole characters (no U+FFFD from a split sequence) and continuations start with a space.
    for (const part of parts) expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    // A line of ASCII would have fitted 75 characters; these parts hold fewer.
    expect(parts[0]!.length).toBeLessThan(75);
    expect(unfold(folded)).toBe(line);
  });

  it('keeps a 4-octet character (emoji) whole across a fold', () => {
    const line = `SUMMARY:${'a'.repeat(65)}😀😀😀`;
    const parts = foldLine(line).split('\r\n');
    expect(parts[0]).toBe(`SUMMARY:${'a'.repeat(65)}`);
    expect(parts[1]).toBe(' 😀😀😀');
  });

  it('re-folds text written by something that counts characters, with CRLF everywhere', () => {
    const byCharacters = `BEGIN:VCALENDAR\nSUMMARY:${'é'.repeat(70)}\n\t${'é'.repeat(10)}\nEND:VCALENDAR\n`;
    const text = refold(byCharacters);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n').slice(0, -1)) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(text)).toBe(`BEGIN:VCALENDAR\r\nSUMMARY:${'é'.repeat(80)}\r\nEND:VCALENDAR\r\n`);
  });

  it('writes dates, UTC stamps and whole calendars', () => {
    expect(icalDate('2025-09-09')).toBe('20250909');
    expect(icalUtc(new Date('2025-09-08T08:00:05.123Z'))).toBe('20250908T080005Z');
    expect(writeCalendar([['BEGIN', 'VCALENDAR'], ['END', 'VCALENDAR']])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});
