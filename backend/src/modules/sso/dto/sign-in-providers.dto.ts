import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
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
