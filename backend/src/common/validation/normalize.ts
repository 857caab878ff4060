import type { TransformFnParams } from 'class-transformer';

/** `@Transform` functions for fields that arrive as text: anything not a string passes through for the validators to refuse. */

/** Leading and trailing white space removed. */
export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

/** Trimmed and lower-cased (email addresses, subdomains). */
export const lowerTrim = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Trimmed, and null when nothing is left (an optional field left blank). */
export const emptyToNull = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim() || null : value;

/**
 * A whole number in a query string or a path, written in digits ("2025", "-1"), read as a number.
 * Any other spelling ("0x7E9", "2.025e3", " 2025", "2025.0", "") stays text for the validators to
 * refuse: `@Type(() => Number)` would read most of them as some number nobody typed.
 */
export const wholeNumberText = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
