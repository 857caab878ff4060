import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/**
 * Parses a record id from the path. An id that is not even a UUID names no record here, so
 * it gets the same 404 as another organisation's id: nothing is revealed either way.
 */
export function idParam(what: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(`${what} not found`) });
}
