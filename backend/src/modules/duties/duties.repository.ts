import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Duty } from './entities/duty.entity';

/**
 * The one door to `duties` (docs/architecture.md, "One door per module"). The tenant filter scopes
 * the ORM calls to the current organisation. The Duty Manager duty is inserted by the database
 * when an organisation is created (the trigger `organizations_duty_manager_duty`), so every
 * organisation has it from its first statement on.
 */
@Injectable()
export class DutiesRepository {
  constructor(private readonly em: EntityManager) {}

  /** The organisation's duties in the school's order. */
  list(): Promise<Duty[]> {
    return this.em.find(Duty, {}, { orderBy: { sortOrder: 'asc', name: 'asc' } });
  }
}
