import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
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
