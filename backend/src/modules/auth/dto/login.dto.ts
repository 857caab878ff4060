import { EmailField, OrganizationSubdomainField, PasswordField } from './fields';

export class LoginDto {
  @EmailField()
  email!: string;

  @PasswordField()
  password!: string;

  /** The organisation's subdomain, e.g. `hillside`. */
  @OrganizationSubdomainField()
  organizationSubdomain!: string;
}
