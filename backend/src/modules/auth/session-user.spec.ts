import 'reflect-metadata';
import { type EntityDictionary, type EntityMetadata, MikroORM, ReferenceKind } from '@mikro-orm/postgresql';
import { buildOrmConfig } from '../../config/mikro-orm.config';
import { Organization } from '../tenants/entities/organization.entity';
import { User } from './entities/user.entity';
import {
  SESSION_ORGANIZATION_COLUMNS,
  SESSION_USER_COLUMNS,
  SESSION_USER_FORMULAS,
  SESSION_USER_SQL,
  splitSessionRow,
} from './session-user';

/** The columns MikroORM selects for an entity when it loads it: every stored, non-lazy one. */
function loadedColumns(meta: EntityMetadata): { columns: string[]; formulas: Record<string, string> } {
  const columns: string[] = [];
  const formulas: Record<string, string> = {};
  for (const prop of meta.props) {
    if (prop.lazy) continue;
    if (prop.formula) {
      // As MikroORM renders it for the table aliased `u`.
      const table = { alias: 'u', name: meta.tableName, qualifiedName: meta.tableName, toString: () => 'u' };
      formulas[prop.fieldNames[0]!] = String(prop.formula(meta.createColumnMappingObject('u'), table));
    } else if (
      prop.persist !== false &&
      (prop.kind === ReferenceKind.SCALAR ||
        prop.kind === ReferenceKind.MANY_TO_ONE ||
        (prop.kind === ReferenceKind.ONE_TO_ONE && prop.owner))
    ) {
      columns.push(...prop.fieldNames);
    }
  }
  return { columns: columns.sort(), formulas };
}

describe('the session user statement', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    // Metadata only: no database is needed (nor reached) to describe and map entities.
    orm = await MikroORM.init(buildOrmConfig({ clientUrl: 'postgresql://nobody@127.0.0.1:1/none' }));
  });

  afterAll(() => orm.close());

  it('selects every column MikroORM loads for a User and its Organization', () => {
    const user = loadedColumns(orm.getMetadata().get(User));
    expect([...SESSION_USER_COLUMNS].sort()).toEqual(user.columns);
    expect(SESSION_USER_FORMULAS).toEqual(user.formulas);
    const organization = loadedColumns(orm.getMetadata().get(Organization));
    expect([...SESSION_ORGANIZATION_COLUMNS].sort()).toEqual(organization.columns);
    expect(organization.formulas).toEqual({});
    expect(SESSION_USER_SQL).toContain('where u.organization_id = ? and u.id = ?');
  });

  it('maps a row to the two managed entities, the user referring to the organisation', () => {
    const createdAt = new Date('2025-09-01T08:00:00Z');
    const row = {
      id: 'user-1',
      organization_id: 'org-1',
      email: 'ada@example.com',
      name: 'Ada',
      role: 'manager',
      is_active: true,
      email_verified: true,
      last_login: null,
      token_version: 3,
      two_factor_enabled: true,
      created_at: createdAt,
      updated_at: createdAt,
      has_password: false,
      o__id: 'org-1',
      o__name: 'Hill School',
      o__subdomain: 'hill',
      o__type: 'college',
      o__settings: { a: 1 },
      o__is_active: false,
      o__timezone: 'Europe/Paris',
      o__region: 'scotland',
      o__trial_ends_at: createdAt,
      o__require_admin_two_factor: true,
      o__created_at: createdAt,
      o__updated_at: createdAt,
    };
    const em = orm.em.fork();
    const session = splitSessionRow(row);
    expect(Object.keys(session.organization)).toEqual([...SESSION_ORGANIZATION_COLUMNS]);
    const organization = em.map(Organization, session.organization as EntityDictionary<Organization>);
    const user = em.map(User, session.user as EntityDictionary<User>);

    expect(organization).toMatchObject({ id: 'org-1', name: 'Hill School', subdomain: 'hill', type: 'college', isActive: false, timezone: 'Europe/Paris', region: 'scotland', requireAdminTwoFactor: true });
    expect(organization.settings).toEqual({ a: 1 });
    expect(user).toMatchObject({ id: 'user-1', email: 'ada@example.com', name: 'Ada', role: 'manager', isActive: true, hasPassword: false, tokenVersion: 3, twoFactorEnabled: true });
    expect(user.lastLogin).toBeNull();
    expect(user.organization.getEntity()).toBe(organization);
    // Later lookups by id find them in the identity map.
    expect(em.getUnitOfWork().getById(Organization, 'org-1')).toBe(organization);
    expect(em.getUnitOfWork().getById(User, 'user-1')).toBe(user);
  });
});
