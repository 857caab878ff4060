import type { TransformFnParams } from 'class-transformer';

/** `@Transform` functions for text fields: anything not a string passes through for the validators to refuse. */

/** Leading and trailing white space removed. */
export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

/** Trimmed and lower-cased (email addresses, subdomains). */
export const lowerTrim = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Trimmed, and null when nothing is left (an optional field left blank). */
export const emptyToNull = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim() || null : value;
