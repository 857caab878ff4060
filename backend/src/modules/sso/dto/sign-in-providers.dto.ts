import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { OrganizationSubdomainField } from '../../auth/dto/fields';
import { PROVIDER_KINDS, type ProviderKind } from '../entities/identity-provider.entity';

export class SignInProvidersQueryDto {
  /** The organisation's subdomain, e.g. `hillside`. */
  @OrganizationSubdomainField()
  organization!: string;
}

export class StartProviderSignInQueryDto extends SignInProvidersQueryDto {
  @ApiProperty({ enum: PROVIDER_KINDS, enumName: 'IdentityProviderKind' })
  @IsIn(PROVIDER_KINDS, { message: `provider must be one of ${PROVIDER_KINDS.join(', ')}` })
  provider!: ProviderKind;

  /** A re-authentication prepared by `reauthenticateWithProvider` (its start address carries it). */
  @IsOptional()
  @IsString({ message: 'This confirmation link is not valid. Start again from the form that asked.' })
  @MaxLength(200, { message: 'This confirmation link is not valid. Start again from the form that asked.' })
  @Matches(/^[\w-]+$/, { message: 'This confirmation link is not valid. Start again from the form that asked.' })
  reauth?: string;
}

export class ReauthenticateWithProviderDto {
  /** The provider to sign in again with: one the organisation has turned on. */
  @ApiProperty({ enum: PROVIDER_KINDS, enumName: 'IdentityProviderKind' })
  @IsIn(PROVIDER_KINDS, { message: `provider must be one of ${PROVIDER_KINDS.join(', ')}` })
  provider!: ProviderKind;
}

export class ReauthenticationStartDto {
  /**
   * The address to open in a new window: it leads to the provider, and ends on the organisation's
   * `/reauthenticated#proof=…` (or `#error=<reason>`), which hands the proof to the form that asked.
   */
  location!: string;
}

export class SignInProviderDto {
  @ApiProperty({ enum: PROVIDER_KINDS, enumName: 'IdentityProviderKind' })
  kind!: ProviderKind;
  /** What the button says after "Sign in with": Google, Microsoft, or the provider's name. */
  name!: string;
  /** Where the button leads (on APP_URL, where the provider sends the browser back). */
  startUrl!: string;
}

export class SignInProvidersDto {
  /** The organisation's providers that are turned on, Google, Microsoft, then the other one. */
  providers!: SignInProviderDto[];
}
