import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PROVIDER_KINDS, type ProviderKind } from '../entities/identity-provider.entity';
import { SignInProvidersQueryDto } from './sign-in-providers-query.dto';

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
