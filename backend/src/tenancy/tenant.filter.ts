import type { EntityClass } from '@mikro-orm/core';
import type { FilterDef } from '@mikro-orm/core';
import { TenantContext, TenantContextMissingError } from './tenant-context';
import { TenantScopedEntity } from './tenant-scoped.entity';

export const TENANT_FILTER = 'tenant';

export function isTenantScoped(entity: EntityClass<unknown>): boolean {
  return entity.prototype instanceof TenantScopedEntity;
}

/**
 * On by default for every tenant-scoped entity: queries see only the current organisation's
 * rows. With no organisation in context the query fails instead of returning everyone's data.
 */
export function tenantFilter(entities: EntityClass<unknown>[]): Record<string, FilterDef> {
  // Classes, not names: MikroORM 7 dropped string entity references.
  const scoped = entities.filter(isTenantScoped);
  return {
    [TENANT_FILTER]: {
      name: TENANT_FILTER,
      default: true,
      entity: scoped,
      cond: () => {
        if (TenantContext.isUnscoped()) return {};
        const organizationId = TenantContext.current();
        if (!organizationId) throw new TenantContextMissingError();
        return { organization: organizationId };
      },
    },
  };
}
