import { EmailField, OrganizationSubdomainField } from './fields';

/** An email and organisation, for flows that must not reveal whether the account exists. */
export class EmailRequestDto {
  @EmailField('Invalid email format')
  email!: string;

  /**
   * The organisation's subdomain, e.g. `hillside`. Required, except on the organisation's own
   * address (`hillside.<APP_BASE_DOMAIN>`), which names it; there a different one is refused (400).
   */
  @OrganizationSubdomainField({ optional: true })
  organizationSubdomain?: string;
}
