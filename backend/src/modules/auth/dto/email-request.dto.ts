import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { lowerTrim } from './normalize';

/** An email and organisation, for flows that must not reveal whether the account exists. */
export class EmailRequestDto {
  @Transform(lowerTrim)
  @IsEmail({}, { message: 'Invalid email format' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;

  /** The organisation's subdomain, e.g. `hillside`. */
  @Transform(lowerTrim)
  @IsString({ message: 'Organization is required' })
  @IsNotEmpty({ message: 'Organization is required' })
  @MaxLength(63, { message: 'Organization must be at most 63 characters' })
  organizationSubdomain!: string;
}
