import type { TransformFnParams } from 'class-transformer';

export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);
export const lowerTrim = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
