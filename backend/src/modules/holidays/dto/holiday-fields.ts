import { REGIONS } from '../../tenants/entities/organization.entity';

export const REGION_MESSAGE = `region must be one of: ${REGIONS.join(', ')}`;
