import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class RedeemHandoffDto {
  /** The one-time code this address was opened with (valid two minutes, used once). */
  @IsString({ message: 'Sign-in code is required' })
  @IsNotEmpty({ message: 'Sign-in code is required' })
  @MaxLength(200, { message: 'Sign-in code is not valid' })
  code!: string;
}
