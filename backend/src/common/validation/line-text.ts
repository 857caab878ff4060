/**
 * Text on one line: no C0 control character (TAB, LF and CR among them), DEL, C1 control
 * character (NEL among them), nor the Unicode line and paragraph separators. A line break in a
 * name or a subject ends up in mail headers, CSV and iCalendar lines, log lines and one-line
 * layouts; the other controls are invisible and nobody types them. TAB is refused too: no field
 * needs one, and inside a name it is a spreadsheet's cell boundary pasted by mistake.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Text of several lines: the same controls, less TAB, LF and CR (and the Unicode separators). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function isSingleLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !NOT_TEXT.test(value);
}
