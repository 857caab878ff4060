import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';
import { ProviderFieldsDto } from './provider-fields.dto';

/**
 * Changing how people sign in asks the admin to confirm it is them (docs/security.md,
 * "Re-authentication"): their password (or a fresh provider sign-in), and their code when two-step
 * verification is on.
 */
export class SaveProviderFieldsDto extends IntersectionType(ProviderFieldsDto, ReauthenticationDto) {
  /**
   * A new client secret, or nothing (or an empty string) to keep the saved one. Never sent back:
   * the settings say only whether one is saved.
   */
  @ApiProperty({ required: false, maxLength: 1000, writeOnly: true })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The client secret must be text' })
  @MaxLength(1000, { message: 'The client secret must be at most 1000 characters' })
  clientSecret?: string;
}
