import { OrganizationSubdomainField } from '../../auth/dto/fields';

export class SignInProvidersQueryDto {
  /** The organisation's subdomain, e.g. `hillside`. */
  @OrganizationSubdomainField()
  organization!: string;
}
