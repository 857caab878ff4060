import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';

export class ProviderFieldsDto {
  /** Whether people may sign in with this provider. */
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;

  /** The client ID the provider issued for this app. */
  @ApiProperty({ maxLength: 255 })
  @Transform(trim)
  @IsString({ message: 'The client ID must be text' })
  @MaxLength(255, { message: 'The client ID must be at most 255 characters' })
  clientId!: string;
}
