import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { SaveProviderFieldsDto } from './save-provider-fields.dto';

export const ISSUER_MESSAGE = 'The issuer must be an https:// address such as https://login.example.org (no query or fragment)';
export const NAME_MESSAGE = 'The name must be 1 to 40 characters, e.g. Okta';

export class OidcFieldsDto extends SaveProviderFieldsDto {
  /** The name on the sign-in button: "Sign in with <name>". */
  @ApiProperty({ maxLength: 40 })
  @Transform(trim)
  @IsString({ message: NAME_MESSAGE })
  @MaxLength(40, { message: NAME_MESSAGE })
  name!: string;

  /** The provider's issuer URL, where discovery (`/.well-known/openid-configuration`) starts. */
  @ApiProperty({ maxLength: 500, example: 'https://login.example.org' })
  @Transform(trim)
  @IsString({ message: ISSUER_MESSAGE })
  @MaxLength(500, { message: ISSUER_MESSAGE })
  issuer!: string;
}
