import { ApiProperty } from '@nestjs/swagger';
import { HostOrganizationDto } from './host-organization.dto';

/** What the page's address says about its organisation (docs/product.md#accounts-and-sign-in). */
export class HostDto {
  /**
   * The domain organisations' addresses are under (APP_BASE_DOMAIN), e.g. `dutymanager.app`;
   * null on a single-host install and on an address outside that domain, where sign-in names
   * the organisation.
   */
  @ApiProperty({ type: String, nullable: true })
  baseDomain!: string | null;
  /** The organisation whose address this is (`<subdomain>.<baseDomain>`); null on any other address. */
  @ApiProperty({ type: HostOrganizationDto, nullable: true })
  organization!: HostOrganizationDto | null;
  /** True when the address names an organisation that does not exist or is no longer active. */
  unknownOrganization!: boolean;
}
