import { EntityManager } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/core';
import { Controller, Get, Module } from '@nestjs/common';
import { Authenticated } from '../src/common/auth/authenticated.decorator';
import { Organization } from '../src/modules/tenants/entities/organization.entity';
import { OrganizationClock } from '../src/modules/tenants/organization-clock';
import { TenantsModule } from '../src/modules/tenants/tenants.module';
import { TenantContext } from '../src/tenancy/tenant-context';
import { bearer, registerOrganization } from './support/accounts';
import { createTestApp, TestApp } from './support/test-app';

/** The organisation's time zone as "today" reads it, within a signed-in request. */
@Controller('test-zone')
class ZoneController {
  constructor(
    private readonly em: EntityManager,
    private readonly organizationClock: OrganizationClock,
  ) {}

  @Get()
  @Authenticated()
  async zone() {
    return { zone: await this.organizationClock.zone() };
  }

  /** Changes the zone in this request (not saved) before reading it. */
  @Get('changed')
  @Authenticated()
  async changed() {
    const organization = await this.em.findOneOrFail(Organization, { id: TenantContext.require() });
    organization.timezone = 'Pacific/Kiritimati';
    return { zone: await this.organizationClock.zone() };
  }
}

@Module({ imports: [TenantsModule], controllers: [ZoneController] })
class ZoneModule {}

describe("The organisation's time zone in a signed-in request (organization-clock.ts)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ZoneModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the one stored at the time of the request, and a change made in the request wins', async () => {
    const account = await registerOrganization(t);
    expect((await t.http().get('/api/test-zone').set(...bearer(account.token)).expect(200)).body).toEqual({ zone: 'Europe/London' });
    await t.get(MikroORM).em.getConnection().execute('UPDATE organizations SET timezone = ? WHERE subdomain = ?', ['Asia/Tokyo', account.subdomain]);
    expect((await t.http().get('/api/test-zone').set(...bearer(account.token)).expect(200)).body).toEqual({ zone: 'Asia/Tokyo' });
    expect((await t.http().get('/api/test-zone/changed').set(...bearer(account.token)).expect(200)).body).toEqual({ zone: 'Pacific/Kiritimati' });
  });
});
