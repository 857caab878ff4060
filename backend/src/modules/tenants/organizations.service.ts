import { Injectable } from '@nestjs/common';
import type { Organization, OrganizationType, Region } from './entities/organization.entity';
import type { ImportedOrganizationSettings } from './imported-organization-settings';
import { OrganizationsRepository } from './organizations.repository';

/**
 * Organisations as other modules see them: finding one by subdomain or id, registering one, the
 * current one and the settings kept on its row (bank-holiday region, the admins' two-step
 * requirement). Its one owner is OrganizationsRepository, which only this module calls.
 */
@Injectable()
export class OrganizationsService {
  constructor(private readonly organizations: OrganizationsRepository) {}

  /** Whether an organisation already has the subdomain. */
  subdomainTaken(subdomain: string): Promise<boolean> {
    return this.organizations.subdomainTaken(subdomain);
  }

  /** A new organisation, written with the current unit of work. */
  create(organization: { name: string; subdomain: string; type: OrganizationType; trialEndsAt: Date }): Organization {
    return this.organizations.create(organization);
  }

  /** The active organisation with this subdomain, if any. */
  findActiveBySubdomain(subdomain: string): Promise<Organization | null> {
    return this.organizations.findActiveBySubdomain(subdomain);
  }

  /** The organisation with this id, if it is active. */
  findActive(id: string): Promise<Organization | null> {
    return this.organizations.findActive(id);
  }

  /** The organisation of the tenant context. */
  getCurrent(): Promise<Organization> {
    return this.organizations.getCurrent();
  }

  /** The current organisation's bank-holiday region (docs/product.md#holidays). */
  region(): Promise<Region> {
    return this.organizations.region();
  }

  /** Sets the current organisation's bank-holiday region (written when the unit of work is flushed); returns the one it had. */
  setRegion(region: Region): Promise<Region> {
    return this.organizations.setRegion(region);
  }

  /** Whether the current organisation requires two-step verification of its admins. */
  requiresAdminTwoFactor(): Promise<boolean> {
    return this.organizations.requiresAdminTwoFactor();
  }

  /**
   * Sets whether the current organisation requires two-step verification of its admins (written
   * when the unit of work is flushed, the row locked until the transaction ends); returns the value
   * it had.
   */
  setRequireAdminTwoFactor(required: boolean): Promise<boolean> {
    return this.organizations.setRequireAdminTwoFactor(required);
  }

  /**
   * Marks the current organisation to be deleted at `dueAt` unless a deletion is already pending
   * (written on flush, the row locked until the transaction ends). Returns its name and the due
   * date of a deletion already pending (null when this one was recorded).
   */
  requestDeletion(request: { requestedAt: Date; dueAt: Date; requestedBy: string }): Promise<{ name: string; pendingDueAt: Date | null }> {
    return this.organizations.requestDeletion(request);
  }

  /** Clears the current organisation's pending deletion; returns the due date it had (null: none was pending). */
  cancelDeletion(): Promise<Date | null> {
    return this.organizations.cancelDeletion();
  }

  /** The ids of the organisations whose deletion was due by `now`. */
  dueForDeletion(now: Date): Promise<string[]> {
    return this.organizations.dueForDeletion(now);
  }

  /** Claims an organisation due for deletion for the current transaction (advisory lock and row lock); null when another has it or it is no longer due. */
  claimDueForDeletion(id: string, now: Date): Promise<{ id: string; name: string; subdomain: string } | null> {
    return this.organizations.claimDueForDeletion(id, now);
  }

  /** Deletes the organisation and, through the foreign keys, every row of it. */
  delete(id: string): Promise<void> {
    return this.organizations.delete(id);
  }

  /** The current organisation's own settings for the organisation export (not its id or subdomain). */
  exportedSettings(): Promise<ImportedOrganizationSettings & { name: string; created_at: string }> {
    return this.organizations.exportedSettings();
  }

  /** Gives the current organisation an import's settings, in the current unit of work; its name and subdomain stay. */
  applyImportedSettings(values: ImportedOrganizationSettings): Promise<void> {
    return this.organizations.applyImportedSettings(values);
  }
}
