import type { EntityClass } from '@mikro-orm/core';

/**
 * Every entity of the app, listed once. An explicit list (instead of folder globs) works the
 * same from compiled JavaScript, from TypeScript under jest, and in the migration tools.
 */
export const ENTITIES: EntityClass<unknown>[] = [];
