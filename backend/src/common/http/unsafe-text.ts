import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

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

/**
 * The app's one rule for text that can't be stored: every JSON or form body, query string, path
 * parameter and multipart field a handler receives is checked before the handler runs (and before
 * the validation pipe), and refused with a 400 that names the field. Runs as the first global pipe.
 */
@Injectable()
export class RejectUnsafeTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // 'custom' parameters are the app's own (the signed-in user), not client input.
    if (metadata.type === 'custom') return value;
    const field = findUnsafeText(value, metadata.data ?? '');
    if (field !== undefined) {
      const where = metadata.type === 'query' ? 'query parameter' : metadata.type === 'param' ? 'path parameter' : 'field';
      throw new BadRequestException(
        `The ${where} ${field ? `"${field}" ` : ''}contains a character that isn't allowed (a NUL byte or an unpaired surrogate)`,
      );
    }
    return value;
  }
}
