import { EmailField, OrganizationSubdomainField } from './fields';

/** An email and organisation, for flows that must not reveal whether the account exists. */
export class EmailRequestDto {
  @EmailField('Invalid email format')
  email!: string;

  /** The organisation's subdomain, e.g. `hillside`. */
  @OrganizationSubdomainField()
  organizationSubdomain!: string;
}
