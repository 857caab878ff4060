import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { Duty } from './entities/duty.entity';

/**
 * The one door to `duties` (docs/architecture.md, "One door per module"). The tenant filter scopes
 * the ORM calls to the current organisation. The Duty Manager duty is inserted by the database
 * when an organisation is created (the trigger `organizations_duty_manager_duty`), so every
 * organisation has it from its first statement on.
 */
@Injectable()
export class DutiesRepository {
  /** Each organisation's Duty Manager duty: given with the organisation, never replaced, renamed away or removed. */
  private readonly dutyManagers = new Map<string, string>();

  constructor(private readonly em: EntityManager) {}

  /** The id of the organisation's Duty Manager duty, read once per organisation and process (it never changes). */
  async dutyManagerId(): Promise<string> {
    const org = TenantContext.require();
    let id = this.dutyManagers.get(org);
    if (!id) {
      const [row] = await this.em.execute<{ id: string }[]>('select id from duties where organization_id = ? and is_duty_manager', [org]);
      id = row!.id;
      this.dutyManagers.set(org, id);
    }
    return id;
  }

  /** The organisation's duties in the school's order. */
  list(): Promise<Duty[]> {
    return this.em.find(Duty, {}, { orderBy: { sortOrder: 'asc', name: 'asc' } });
  }
}
