import { ORGANIZATION_TYPES, type OrganizationType, type Region, REGIONS } from '../../tenants/entities/organization.entity';
import { ApiProperty } from '@nestjs/swagger';

export class CurrentOrganizationDto {
  id!: string;
  name!: string;
  subdomain!: string;
  @ApiProperty({ enum: ORGANIZATION_TYPES, enumName: 'OrganizationType' })
  type!: OrganizationType;
  /** IANA time zone of the organisation's dates and times. */
  timezone!: string;
  /**
   * The part of the UK whose bank holidays the organisation keeps; read-only here, changed by
   * adding another region's bank holidays (POST /api/holidays/bank-holidays). Always sent; optional
   * in the contract only so clients written before it keep compiling.
   */
  @ApiProperty({ enum: REGIONS, enumName: 'Region', required: false })
  region?: Region;
  /** When the free trial ends (ISO instant); shown to admins only, absent for others. */
  trialEndsAt?: string;
}
