import { EmailField, OrganizationSubdomainField, PasswordField } from './fields';

export class LoginDto {
  @EmailField()
  email!: string;

  @PasswordField()
  password!: string;

  /**
   * The organisation's subdomain, e.g. `hillside`. Required, except on the organisation's own
   * address (`hillside.<APP_BASE_DOMAIN>`), which names it; there a different one is refused (400).
   */
  @OrganizationSubdomainField({ optional: true })
  organizationSubdomain?: string;
}
