import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ConfirmEmailChangeDto {
  /** The token from the confirmation link sent to the new address. */
  @IsString({ message: 'Confirmation token is required' })
  @IsNotEmpty({ message: 'Confirmation token is required' })
  @MaxLength(200, { message: 'Confirmation token is not valid' })
  token!: string;
}
