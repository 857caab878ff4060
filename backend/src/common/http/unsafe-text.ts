import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { isMultiLineText, isSingleLine, multiLineProperties, nestedClass } from '../validation/multi-line';

/**
 * NUL, or half of a UTF-16 surrogate pair without its other half. PostgreSQL can store neither in
 * text (NUL) or jsonb (either, as a `\u` escape), and no person types them; JSON's `\u0000` and
 * `\ud800` escapes are how they arrive.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/** The path of the first string (or object key) in `value` holding unsafe text, e.g. `slots.0.name`. */
export function findUnsafeText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isUnsafeText(value) ? path : undefined;
  // Bodies are at most 32 levels deep (request-limits.ts); this only guards against cycles.
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (isUnsafeText(key)) return at;
    const found = findUnsafeText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A string in a request that breaks the rule for its field, and which rule it broke. */
export interface ControlCharacterFinding {
  path: string;
  multiLine: boolean;
}

/**
 * The first string in `value` (or object key) with a control character its field doesn't allow:
 * any, line breaks and tabs included, unless `dto` (the class the value will become) marks the
 * property `MultiLine()`, in which case line breaks and tabs are allowed. Nested objects and
 * lists follow the DTO's `@Type` declarations; what has none is single-line throughout.
 */
export function findControlCharacter(value: unknown, path: string, dto: unknown, multiLine = false, depth = 0): ControlCharacterFinding | undefined {
  if (typeof value === 'string') return (multiLine ? isMultiLineText(value) : isSingleLine(value)) ? undefined : { path, multiLine };
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, path ? `${path}.${index}` : String(index), dto, multiLine, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const multiLineKeys = multiLineProperties(dto);
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (!isSingleLine(key)) return { path: at, multiLine: false };
    const found = findControlCharacter(item, at, nestedClass(dto, key), multiLineKeys.has(key), depth + 1);
    if (found) return found;
  }
  return undefined;
}

function where(metadata: ArgumentMetadata): string {
  return metadata.type === 'query' ? 'query parameter' : metadata.type === 'param' ? 'path parameter' : 'field';
}

/**
 * The app's rules for text, checked on every JSON or form body, query string, path parameter and
 * multipart field a handler receives, before the handler runs and before the validation pipe
 * (whose own messages may not name the field), each refusal a 400 that names the field:
 * - text PostgreSQL can't store (NUL, unpaired surrogates), anywhere;
 * - control characters: a field is one line (no line breaks, tabs or other controls) unless its
 *   DTO marks it `MultiLine()` (common/validation/multi-line.ts), where line breaks and tabs are
 *   allowed and the other controls are not. A new field is single-line unless it says otherwise.
 *   A value the handler takes untyped (no DTO class: the SSO callback's query, written by the
 *   identity provider, whose `error_description` may span lines) has no declared fields and is
 *   left as it is; a parameter taken as a string (`@Query('token')`) is one line.
 * Runs first in the global pipe (RequestInputPipe, validation.ts), before class-validator's rules.
 */
@Injectable()
export class RejectUnsafeTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // 'custom' parameters are the app's own (the signed-in user), not client input.
    if (metadata.type === 'custom') return value;
    const field = findUnsafeText(value, metadata.data ?? '');
    if (field !== undefined) {
      throw new BadRequestException(
        `The ${where(metadata)} ${field ? `"${field}" ` : ''}contains a character that isn't allowed (a NUL byte or an unpaired surrogate)`,
      );
    }
    const untyped = !metadata.metatype || metadata.metatype === Object;
    if (untyped && value !== null && typeof value === 'object') return value;
    const found = findControlCharacter(value, metadata.data ?? '', metadata.metatype);
    if (found) {
      const name = `The ${where(metadata)} ${found.path ? `"${found.path}" ` : ''}`;
      throw new BadRequestException(
        found.multiLine
          ? `${name}contains a control character that isn't allowed (line breaks and tabs are)`
          : `${name}must be a single line: line breaks, tabs and other control characters aren't allowed`,
      );
    }
    return value;
  }
}
