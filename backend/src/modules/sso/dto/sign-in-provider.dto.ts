import { ApiProperty } from '@nestjs/swagger';
import { PROVIDER_KINDS, type ProviderKind } from '../entities/identity-provider.entity';

export class SignInProviderDto {
  @ApiProperty({ enum: PROVIDER_KINDS, enumName: 'IdentityProviderKind' })
  kind!: ProviderKind;
  /** What the button says after "Sign in with": Google, Microsoft, or the provider's name. */
  name!: string;
  /** Where the button leads (on APP_URL, where the provider sends the browser back). */
  startUrl!: string;
}
