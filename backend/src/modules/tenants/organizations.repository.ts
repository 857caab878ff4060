import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Organization, type OrganizationType } from './entities/organization.entity';

/** The one owner of `organizations`. */
@Injectable()
export class OrganizationsRepository {
  /** Whether an organisation already has the subdomain. */
  async subdomainTaken(em: EntityManager, subdomain: string): Promise<boolean> {
    return (await em.count(Organization, { subdomain })) > 0;
  }

  /** A new organisation, written with the caller's unit of work. */
  create(em: EntityManager, organization: { name: string; subdomain: string; type: OrganizationType; trialEndsAt: Date }): Organization {
    return em.create(Organization, organization);
  }
}
