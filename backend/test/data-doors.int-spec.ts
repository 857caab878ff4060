import * as path from 'node:path';
import { type DataDoor, dataDoors } from './support/data-doors';

const SRC = path.resolve(__dirname, '..', 'src');

/**
 * Files that still reach the database outside a repository while the modules move to one door
 * each (issue 40). The list only shrinks: a file that no longer does must leave it, and a file not
 * on it must not start.
 */
const NOT_YET_CONVERTED = new Set<string>([]);

const posix = (file: string) => file.split(path.sep).join('/');
const summary = (found: DataDoor[]) => found.map((d) => `${posix(d.file)}:${d.line} ${d.what}`);

/**
 * One door per module (docs/architecture.md): SQL and the ORM's data calls live in repositories
 * (and the ORM's own plumbing: database/, config/, tenancy/, bin/, main.ts, migrations), and no
 * other class holds the EntityManager. The check reads the source with the TypeScript compiler, so
 * a data call is recognised by what it is called on (an EntityManager, a repository, a connection,
 * a query builder), not by its name alone.
 */
describe('one door to each module’s data', () => {
  it('finds planted data calls, raw SQL and EntityManager imports outside a repository, and lets repositories, the ORM’s plumbing and look-alikes be', () => {
    const service = `import { EntityManager, sql } from '@mikro-orm/postgresql';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { Staff } from '../staff/entities/staff.entity';

export class PlantedService {
  constructor(private readonly em: EntityManager) {}
  everyone() { return this.em.find(Staff, {}); }
  one() { return this.em.getConnection().execute('select 1'); }
  now() { return sql\`now()\`; }
  hot() { return preparedRead(this.em, preparedStatement('planted', 'select 1'), []); }
  lookAlike(list: { find(n: number): number; count(): number }) { return list.find(1) + list.count(); }
}
`;
    const controller = `import type { EntityManager } from '@mikro-orm/postgresql';
export class PlantedController {
  constructor(private readonly em: EntityManager) {}
}
`;
    const found = dataDoors(SRC, {
      [path.join('modules', 'planted', 'planted.service.ts')]: service,
      [path.join('modules', 'planted', 'planted.controller.ts')]: controller,
      [path.join('modules', 'planted', 'planted.repository.ts')]: service,
      [path.join('database', 'planted.ts')]: service,
    });
    expect(summary(found)).toEqual([
      'modules/planted/planted.service.ts:1 imports EntityManager',
      'modules/planted/planted.service.ts:7 find()',
      'modules/planted/planted.service.ts:8 execute()',
      'modules/planted/planted.service.ts:8 getConnection()',
      'modules/planted/planted.service.ts:9 sql`…`',
      'modules/planted/planted.service.ts:10 preparedRead()',
      'modules/planted/planted.controller.ts:1 imports EntityManager',
    ]);
  });

  it('has no data call outside a repository but in the files not yet converted, and every one of those still has one', () => {
    const found = dataDoors(SRC);
    const files = new Set(found.map((d) => posix(d.file)));
    process.stdout.write(
      `data calls, raw SQL and EntityManager imports outside repositories: ${found.length} in ${files.size} files (not yet converted: ${NOT_YET_CONVERTED.size})\n`,
    );
    expect(summary(found.filter((d) => !NOT_YET_CONVERTED.has(posix(d.file))))).toEqual([]);
    expect([...NOT_YET_CONVERTED].filter((file) => !files.has(file))).toEqual([]);
  });
});
