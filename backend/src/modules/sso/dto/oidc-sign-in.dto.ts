import { ProviderFieldsDto } from './provider-fields.dto';

/** Another OpenID Provider, by its issuer; anyone it vouches for with a verified email may sign in. */
export class OidcSignInDto extends ProviderFieldsDto {
  /** Whether a client secret is saved (the secret itself is never sent). */
  clientSecretSet!: boolean;
  /** The name on the sign-in button. */
  name!: string;
  /** The provider's issuer URL. */
  issuer!: string;
}
