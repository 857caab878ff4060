import { type EventArgs, type EventSubscriber, Reference } from '@mikro-orm/core';
import { Organization } from '../modules/tenants/entities/organization.entity';
import { TenantContext } from './tenant-context';
import { TenantScopedEntity } from './tenant-scoped.entity';

/**
 * Stamps new tenant-scoped rows with the current organisation, and refuses a row stamped with
 * another organisation than the context's: data can't be written into someone else's tenant.
 */
export class TenantStampSubscriber implements EventSubscriber<TenantScopedEntity> {
  beforeCreate(args: EventArgs<TenantScopedEntity>): void {
    const { entity, em } = args;
    if (!(entity instanceof TenantScopedEntity)) return;
    const current = TenantContext.current();
    if (!entity.organization) {
      if (!current) throw new Error(`${entity.constructor.name} has no organisation and none is in context`);
      entity.organization = Reference.create(em.getReference(Organization, current));
      return;
    }
    if (current && entity.organization.id !== current && !TenantContext.isUnscoped()) {
      throw new Error(`${entity.constructor.name} belongs to another organisation than the current context`);
    }
  }
}
