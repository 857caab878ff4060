import { ProviderFieldsDto } from './provider-fields.dto';

/** Microsoft Entra ID: who signs in is decided by the directory (tenant) of their account (`tid`). */
export class MicrosoftSignInDto extends ProviderFieldsDto {
  /** Whether a client secret is saved (the secret itself is never sent). */
  clientSecretSet!: boolean;
  /** The directory (tenant) IDs whose accounts may sign in. */
  allowedTenantIds!: string[];
}
