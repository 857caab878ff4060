import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The token of a set-password link (an invitation or a reset), to learn what it is for. */
export class DescribePasswordLinkDto {
  /** The token from the link. */
  @IsString({ message: 'Reset token is required' })
  @IsNotEmpty({ message: 'Reset token is required' })
  @MaxLength(200, { message: 'Reset token is not valid' })
  token!: string;
}
