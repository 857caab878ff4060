import type { EntityClass, FilterDef, MetadataStorage, Platform } from '@mikro-orm/core';
import { TenantContext, TenantContextMissingError } from './tenant-context';
import { TenantScopedEntity } from './tenant-scoped.entity';

export const TENANT_FILTER = 'tenant';

export function isTenantScoped(entity: EntityClass<unknown>): boolean {
  return entity.prototype instanceof TenantScopedEntity;
}

/**
 * On by default for every tenant-scoped entity: queries see only the current organisation's
 * rows. With no organisation in context the query fails instead of returning everyone's data.
 * Which entities it covers is known only once MikroORM has discovered them (each module declares
 * its own: MikroOrmModule.forFeature), so it starts covering none and `scopeTenantFilter` fills
 * it in from the discovered metadata.
 */
export function tenantFilter(): Record<string, FilterDef> {
  return {
    [TENANT_FILTER]: {
      name: TENANT_FILTER,
      default: true,
      entity: [],
      cond: () => {
        if (TenantContext.isUnscoped()) return {};
        const organizationId = TenantContext.current();
        if (!organizationId) throw new TenantContextMissingError();
        return { organization: organizationId };
      },
    },
  };
}

/**
 * MikroORM's `discovery.afterDiscovered` hook: the tenant filter covers every discovered entity
 * that extends TenantScopedEntity. Classes, not names: MikroORM 7 dropped string entity references.
 */
export function scopeTenantFilter(storage: MetadataStorage, platform: Platform): void {
  const filter = platform.getConfig().get('filters')[TENANT_FILTER];
  if (!filter) throw new Error(`The '${TENANT_FILTER}' filter is not configured`);
  filter.entity = Array.from(storage.getAll().values(), (meta) => meta.class).filter(
    (entity) => entity !== undefined && isTenantScoped(entity),
  );
}
