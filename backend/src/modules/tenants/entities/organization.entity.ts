import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

export const ORGANIZATION_TYPES = ['school', 'college', 'university', 'other'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/**
 * The part of the UK whose bank holidays the organisation keeps (docs/product.md#holidays). The
 * holidays module computes each region's dates (bank-holidays.ts); the list lives here, with the
 * organisation that stores it, because tenants comes first in the module order.
 */
export const REGIONS = ['england_wales', 'scotland', 'northern_ireland'] as const;
export type Region = (typeof REGIONS)[number];

/** A customer: a school, college, university or other organisation, with its own subdomain. */
@Entity({ tableName: 'organizations' })
export class Organization {
  [OptionalProps]?: 'type' | 'settings' | 'isActive' | 'timezone' | 'region' | 'requireAdminTwoFactor' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 63 })
  @Unique()
  subdomain!: string;

  @Enum({ items: () => ORGANIZATION_TYPES, default: 'school' })
  type: OrganizationType = 'school';

  @Property({ type: 'json', default: '{}' })
  settings: Record<string, unknown> = {};

  @Property({ type: 'boolean', default: true })
  isActive = true;

  /** IANA zone in which "today", duty dates and reminder times are read. */
  @Property({ type: 'string', length: 64, default: 'Europe/London' })
  timezone = 'Europe/London';

  /** Whose bank holidays "Add bank holidays" adds; saved when someone adds another region's. */
  @Enum({ items: () => REGIONS, default: 'england_wales' })
  region: Region = 'england_wales';

  @Property({ type: 'datetime' })
  trialEndsAt!: Date;

  /**
   * Admins must sign in with two-step verification (docs/product.md#two-step-verification): an
   * admin without it gets a session that reaches only the setup. Kept with the organisation
   * because the session check reads it on every request, with the organisation row.
   */
  @Property({ type: 'boolean', default: false })
  requireAdminTwoFactor = false;

  /** When an admin asked for the organisation to be deleted (docs/security.md#deleting-an-organisation); empty when none is pending. */
  @Property({ type: 'datetime', nullable: true })
  deletionRequestedAt?: Date | null;

  /**
   * The end of the 30 days' grace: the purge deletes every row of the organisation then. Until
   * then it is read-only and an admin may restore it. Read on every request with the session.
   */
  @Property({ type: 'datetime', nullable: true })
  deletionDueAt?: Date | null;

  /** The admin (users.id) who asked for the deletion. */
  @Property({ type: 'uuid', nullable: true })
  deletionRequestedBy?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
