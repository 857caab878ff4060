import * as fs from 'node:fs';
import * as path from 'node:path';
import { type EntityClass, MetadataStorage } from '@mikro-orm/core';

/** src/ under jest (TypeScript), dist/ when compiled: this file sits in <root>/database/. */
const SOURCE_ROOT = path.resolve(__dirname, '..');
/** `.ts` under jest, `.js` from dist/: the entity files are found with the same extension as this one. */
const ENTITY_FILE = new RegExp(`\\.entity\\${path.extname(__filename)}$`);

/** The classes MikroORM knows as entities: `@Entity()` names them; abstract bases carry no name. */
function entityClasses(): Set<unknown> {
  return new Set(
    Object.values(MetadataStorage.getMetadata())
      .filter((meta) => meta.class && meta.name)
      .map((meta) => meta.class),
  );
}

/**
 * Every entity of the app, found on disk (`**\/*.entity.{ts,js}`) rather than listed: for the ORM
 * without Nest — the migration check and tool, tests that map entities. The app itself takes each
 * module's own entities (MikroOrmModule.forFeature, collected by autoLoadEntities), so no file
 * imports every module. The files are `require`d, not imported by MikroORM's own folder globs: under
 * jest that keeps one copy of each class (the one the tests import), and it works the same from
 * TypeScript and from dist/.
 */
export function discoverEntities(root: string = SOURCE_ROOT): EntityClass<unknown>[] {
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => ENTITY_FILE.test(file) && !file.endsWith('.d.ts'))
    .sort();
  const exported = files.flatMap((file) => {
    // A path known only at run time, loaded into the same module registry as static imports (see above).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return Object.values(require(path.join(root, file)) as Record<string, unknown>);
  });
  const entities = entityClasses();
  return [...new Set(exported.filter((value) => entities.has(value)))] as EntityClass<unknown>[];
}
