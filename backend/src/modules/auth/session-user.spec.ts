import 'reflect-metadata';
import { type EntityMetadata, MikroORM, ReferenceKind } from '@mikro-orm/postgresql';
import { buildOrmConfig } from '../../config/mikro-orm.config';
import { Organization } from '../tenants/entities/organization.entity';
import { User } from './entities/user.entity';
import { SESSION_ORGANIZATION_COLUMNS, SESSION_USER_COLUMNS, SESSION_USER_SQL } from './session-user';

/** The columns MikroORM selects for an entity when it loads it: every stored, non-lazy one. */
function loadedColumns(meta: EntityMetadata): { columns: string[] } {
  const columns: string[] = [];
  for (const prop of meta.props) {
    if (prop.lazy || prop.formula) continue;
    if (
      prop.persist !== false &&
      (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE || (prop.kind === ReferenceKind.ONE_TO_ONE && prop.owner))
    ) {
      columns.push(...prop.fieldNames);
    }
  }
  return { columns: columns.sort() };
}

describe('the session user statement', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    // Metadata only: no database is needed (nor reached) to describe and map entities.
    orm = await MikroORM.init(buildOrmConfig({ clientUrl: 'postgresql://nobody@127.0.0.1:1/none' }));
  });

  afterAll(() => orm.close());

  it("selects columns of a User and its Organization, the organisation's prefixed", () => {
    const user = loadedColumns(orm.getMetadata().get(User));
    expect(user.columns).toEqual(expect.arrayContaining([...SESSION_USER_COLUMNS]));
    const organization = loadedColumns(orm.getMetadata().get(Organization));
    expect(organization.columns).toEqual(expect.arrayContaining([...SESSION_ORGANIZATION_COLUMNS]));
    for (const column of SESSION_USER_COLUMNS) expect(SESSION_USER_SQL).toContain(`u.${column},`);
    for (const column of SESSION_ORGANIZATION_COLUMNS) expect(SESSION_USER_SQL).toMatch(new RegExp(`o\\.${column} as o__${column}\\b`));
    expect(SESSION_USER_SQL).toContain('where u.organization_id = ? and u.id = ?');
  });
});
