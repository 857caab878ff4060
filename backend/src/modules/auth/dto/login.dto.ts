import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { lowerTrim } from './normalize';

export class LoginDto {
  @Transform(lowerTrim)
  @IsEmail({}, { message: 'Invalid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;

  @IsString({ message: 'Password is required' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password!: string;

  /** The organisation's subdomain, e.g. `hillside`. */
  @Transform(lowerTrim)
  @IsString({ message: 'Organization is required' })
  @IsNotEmpty({ message: 'Organization is required' })
  @MaxLength(63, { message: 'Organization must be at most 63 characters' })
  organizationSubdomain!: string;
}
