import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JwtService } from '@nestjs/jwt';
import { PasswordService } from '../src/common/security/password.service';
import { User } from '../src/modules/auth/entities/user.entity';
import { Organization } from '../src/modules/tenants/entities/organization.entity';
import { TenantContext, TenantContextMissingError } from '../src/tenancy/tenant-context';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

describe('tenant isolation', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let orgA: string;
  let orgB: string;

  const em = () => t.get(MikroORM).em.fork() as EntityManager;

  beforeAll(async () => {
    t = await createTestApp();
    a = await registerOrganization(t);
    b = await registerOrganization(t);
    const jwt = new JwtService();
    orgA = (jwt.decode(a.token) as { org: string }).org;
    orgB = (jwt.decode(b.token) as { org: string }).org;
  });

  afterAll(() => t.close());

  it('a query on tenant data without an organisation in context fails instead of returning everyone’s rows', async () => {
    await expect(em().find(User, {})).rejects.toThrow(TenantContextMissingError);
  });

  it('inside an organisation’s context, queries see only that organisation', async () => {
    const inA = await TenantContext.run(orgA, () => em().find(User, {}));
    expect(inA.map((u) => u.email)).toEqual([a.email]);
    const bById = await TenantContext.run(orgA, () => em().findOne(User, { email: b.email }));
    expect(bById).toBeNull();
  });

  it('new rows are stamped with the organisation in context', async () => {
    const passwordHash = await t.get(PasswordService).hash('stamped-1');
    await TenantContext.run(orgB, async () => {
      const fork = em();
      fork.create(User, { email: 'stamped@example.com', name: 'Stamped', passwordHash } as never);
      await fork.flush();
    });
    const rows = await em().getConnection().execute('SELECT organization_id FROM users WHERE email = ?', ['stamped@example.com']);
    expect(rows).toEqual([{ organization_id: orgB }]);
  });

  it('a row cannot be written into another organisation than the context’s', async () => {
    const passwordHash = await t.get(PasswordService).hash('sneaky-12');
    await expect(
      TenantContext.run(orgA, async () => {
        const fork = em();
        fork.create(User, { email: 'sneaky@example.com', name: 'Sneaky', passwordHash, organization: orgB } as never);
        await fork.flush();
      }),
    ).rejects.toThrow(/another organisation/);
    const rows = await em().getConnection().execute('SELECT 1 FROM users WHERE email = ?', ['sneaky@example.com']);
    expect(rows).toHaveLength(0);
  });

  it('a second organisation in the same database sees none of the first one’s data through the API', async () => {
    const meB = await t.http().get('/api/auth/user').set(...bearer(b.token)).expect(200);
    expect(meB.body.organization.id).toBe(orgB);
    expect(JSON.stringify(meB.body)).not.toContain(a.email);
    expect(JSON.stringify(meB.body)).not.toContain(a.organizationName);
    const count = await em().count(Organization, {});
    expect(count).toBeGreaterThanOrEqual(2);
  });
});
