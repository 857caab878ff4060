import { EntityManager, LockMode, wrap } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { requestManagerUnused } from '../../database/request-entity-manager';
import { TenantContext } from '../../tenancy/tenant-context';
import { Organization, type OrganizationType, type Region } from './entities/organization.entity';
import type { ImportedOrganizationSettings } from './imported-organization-settings';

/** The advisory-lock class of an organisation's deletion; the second key is the organisation. */
const ORGANIZATION_DELETION_LOCK_CLASS = 7_301;

/** The one owner of `organizations`. */
@Injectable()
export class OrganizationsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Whether an organisation already has the subdomain. */
  async subdomainTaken(subdomain: string): Promise<boolean> {
    return (await this.em.count(Organization, { subdomain })) > 0;
  }

  /** A new organisation, written with the current unit of work. */
  create(organization: { name: string; subdomain: string; type: OrganizationType; trialEndsAt: Date }): Organization {
    return this.em.create(Organization, organization);
  }

  /** The active organisation with this subdomain, if any. */
  findActiveBySubdomain(subdomain: string): Promise<Organization | null> {
    return this.em.findOne(Organization, { subdomain, isActive: true });
  }

  /** The organisation with this id, if it is active. */
  findActive(id: string): Promise<Organization | null> {
    return this.em.findOne(Organization, { id, isActive: true });
  }

  /** The organisation of the tenant context. */
  getCurrent(): Promise<Organization> {
    return this.em.findOneOrFail(Organization, { id: TenantContext.require() });
  }

  /** The current organisation's bank-holiday region (docs/product.md#holidays). */
  async region(): Promise<Region> {
    return (await this.getCurrent()).region;
  }

  /**
   * Sets the current organisation's bank-holiday region, written when the unit of work is
   * flushed; returns the region it had before.
   */
  async setRegion(region: Region): Promise<Region> {
    const organization = await this.getCurrent();
    const before = organization.region;
    organization.region = region;
    return before;
  }

  /** Whether the current organisation requires two-step verification of its admins. */
  async requiresAdminTwoFactor(): Promise<boolean> {
    return (await this.getCurrent()).requireAdminTwoFactor;
  }

  /**
   * Sets whether the current organisation requires two-step verification of its admins, written
   * when the unit of work is flushed; returns the value it had before. The row is locked for the
   * rest of the transaction, so two admins' changes don't read the same "before".
   */
  async setRequireAdminTwoFactor(required: boolean): Promise<boolean> {
    const organization = await this.em.findOneOrFail(Organization, { id: TenantContext.require() }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const before = organization.requireAdminTwoFactor;
    organization.requireAdminTwoFactor = required;
    return before;
  }

  /**
   * The time zone of the organisation with this id if this request (or transaction) has it
   * loaded — perhaps just changed, not yet written; undefined otherwise. No statement.
   */
  loadedTimezone(id: string): string | undefined {
    // A request that hasn't used its EntityManager has loaded nothing (and asking would fork it).
    if (requestManagerUnused(this.em)) return undefined;
    const loaded = this.em.getUnitOfWork().getById<Organization>(Organization, id);
    return loaded && wrap(loaded).isInitialized() ? loaded.timezone : undefined;
  }

  /** The time zone of the organisation with this id, as stored. */
  async timezone(id: string): Promise<string> {
    return (await this.em.findOneOrFail(Organization, { id })).timezone;
  }

  /**
   * Marks the current organisation to be deleted at `dueAt` (written when the unit of work is
   * flushed); the row is locked for the rest of the transaction, so two admins' requests don't
   * both see none pending. Returns the organisation as it was read (its deletion, if one was pending).
   */
  async requestDeletion(request: { requestedAt: Date; dueAt: Date; requestedBy: string }): Promise<{ name: string; pendingDueAt: Date | null }> {
    const organization = await this.em.findOneOrFail(Organization, { id: TenantContext.require() }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const pendingDueAt = organization.deletionDueAt ?? null;
    if (!pendingDueAt) {
      organization.deletionRequestedAt = request.requestedAt;
      organization.deletionDueAt = request.dueAt;
      organization.deletionRequestedBy = request.requestedBy;
    }
    return { name: organization.name, pendingDueAt };
  }

  /** Clears the current organisation's pending deletion (locked, written on flush); returns the due date it had, if any. */
  async cancelDeletion(): Promise<Date | null> {
    const organization = await this.em.findOneOrFail(Organization, { id: TenantContext.require() }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const dueAt = organization.deletionDueAt ?? null;
    organization.deletionRequestedAt = null;
    organization.deletionDueAt = null;
    organization.deletionRequestedBy = null;
    return dueAt;
  }

  /** The ids of the organisations whose deletion was due by `now`. */
  async dueForDeletion(now: Date): Promise<string[]> {
    const due = await this.em.find(Organization, { deletionDueAt: { $lte: now } }, { fields: ['id'], orderBy: { deletionDueAt: 'asc' } });
    return due.map((o) => o.id);
  }

  /**
   * In the current transaction: takes the organisation's deletion lock (false when another
   * instance holds it) and reads it again, locked, if it is still due by `now`; else null.
   */
  async claimDueForDeletion(id: string, now: Date): Promise<{ id: string; name: string; subdomain: string } | null> {
    const [lock] = await this.em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?, hashtext(?)) as locked', [
      ORGANIZATION_DELETION_LOCK_CLASS,
      id,
    ]);
    if (!lock?.locked) return null;
    const organization = await this.em.findOne(Organization, { id, deletionDueAt: { $lte: now } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return organization ? { id: organization.id, name: organization.name, subdomain: organization.subdomain } : null;
  }

  /** Deletes the organisation's row; every row with its organization_id goes with it (foreign keys on delete cascade). */
  async delete(id: string): Promise<void> {
    await this.em.nativeDelete(Organization, { id });
  }

  /** The current organisation's own settings, as the organisation export writes them (docs/export-format.md). */
  async exportedSettings(): Promise<ImportedOrganizationSettings & { name: string; created_at: string }> {
    const o = await this.em.findOneOrFail(Organization, { id: TenantContext.require() });
    return {
      name: o.name,
      type: o.type,
      settings: o.settings,
      timezone: o.timezone,
      region: o.region,
      require_admin_two_factor: o.requireAdminTwoFactor,
      created_at: o.createdAt.toISOString(),
    };
  }

  /** Gives the current organisation an import's settings (written when the unit of work is flushed); its name and subdomain stay. */
  async applyImportedSettings(values: ImportedOrganizationSettings): Promise<void> {
    const o = await this.em.findOneOrFail(Organization, { id: TenantContext.require() }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    o.type = values.type;
    o.settings = values.settings;
    o.timezone = values.timezone;
    o.region = values.region;
    o.requireAdminTwoFactor = values.require_admin_two_factor;
  }
}
