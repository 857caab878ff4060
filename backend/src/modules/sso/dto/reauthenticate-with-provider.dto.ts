import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PROVIDER_KINDS, type ProviderKind } from '../entities/identity-provider.entity';

export class ReauthenticateWithProviderDto {
  /** The provider to sign in again with: one the organisation has turned on. */
  @ApiProperty({ enum: PROVIDER_KINDS, enumName: 'IdentityProviderKind' })
  @IsIn(PROVIDER_KINDS, { message: `provider must be one of ${PROVIDER_KINDS.join(', ')}` })
  provider!: ProviderKind;
}
