/** The organisation an address belongs to. */
export class HostOrganizationDto {
  name!: string;
  subdomain!: string;
}
