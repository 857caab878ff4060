import { ProviderFieldsDto } from './provider-fields.dto';

/** Google Workspace: who signs in is decided by the Workspace domain of their account (`hd`). */
export class GoogleSignInDto extends ProviderFieldsDto {
  /** Whether a client secret is saved (the secret itself is never sent). */
  clientSecretSet!: boolean;
  /** The Workspace domains whose accounts may sign in. */
  allowedDomains!: string[];
}
