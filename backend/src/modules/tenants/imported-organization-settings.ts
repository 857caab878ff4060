import type { Organization, OrganizationType, Region } from './entities/organization.entity';

/** The organisation's settings an organisation export carries and its import applies. */
export interface ImportedOrganizationSettings {
  type: OrganizationType;
  settings: Organization['settings'];
  timezone: string;
  region: Region;
  require_admin_two_factor: boolean;
}
