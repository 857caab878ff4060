import { type ArgumentMetadata, BadRequestException, type PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { RejectUnsafeTextPipe } from './unsafe-text';
import { cacheValidationMetadata } from './validation-metadata-cache';

/** Flattens class-validator's tree into readable sentences ("slots.0.id must be a UUID"). */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      // class-validator words nested messages with the leaf name only; give the full path.
      parent && message.startsWith(error.property) ? `${path}${message.slice(error.property.length)}` : message,
    );
    return [...own, ...flattenValidationErrors(error.children ?? [], path)];
  });
}

export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) =>
      // Several rules of one field may fail with the same sentence ("must be between 1 and 5").
      new BadRequestException([...new Set(flattenValidationErrors(errors))].join('; ') || 'The request is not valid'),
  });
}

/**
 * The app's global pipe: RejectUnsafeTextPipe's rules on the text (unsafe-text.ts), then the
 * ValidationPipe's (createValidationPipe), on every body, query, path parameter and multipart
 * field a handler receives, with their messages. A custom parameter (the signed-in user of
 * `@CurrentUser()`: the app's own value, not client input) passes at once, as it passed both
 * before: neither checks one. One pipe, not the two in a row: Nest awaits each pipe of each
 * parameter, custom ones included, so every signed-in request paid two awaits and their objects
 * for its user (docs/performance.md#api-at-scale).
 */
export class RequestInputPipe implements PipeTransform {
  private readonly unsafeText = new RejectUnsafeTextPipe();
  private readonly validation = createValidationPipe();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    return this.validation.transform(this.unsafeText.transform(value, metadata), metadata);
  }
}
