import { type Ref } from '@mikro-orm/core';
import { ManyToOne } from '@mikro-orm/decorators/legacy';
import { Organization } from '../modules/tenants/entities/organization.entity';

/**
 * The base of every entity that belongs to one organisation. The `tenant` filter (see
 * tenant.filter.ts) restricts every query on these entities to the current organisation, and
 * TenantStampSubscriber fills `organization` on insert, so neither can be forgotten.
 */
export abstract class TenantScopedEntity {
  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade', index: true })
  organization!: Ref<Organization>;
}
