import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ORGANIZATION_TYPES, type OrganizationType } from '../../tenants/entities/organization.entity';
import { EmailField, PasswordField } from './fields';
import { lowerTrim, trim } from '../../../common/validation/normalize';

export class RegisterDto {
  /** The person signing up; they become the organisation's first admin. */
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name!: string;

  /** Their email address; the verification link is sent there. */
  @EmailField()
  email!: string;

  /** At least 6 characters. */
  @PasswordField()
  password!: string;

  /** The organisation's display name, e.g. "Hillside Primary School". */
  @Transform(trim)
  @IsString({ message: 'Organization name is required' })
  @MinLength(2, { message: 'Organization name must be at least 2 characters' })
  @MaxLength(255, { message: 'Organization name must be at most 255 characters' })
  organizationName!: string;

  /** Lower-case letters, numbers and hyphens; unique; used to sign in. */
  @Transform(lowerTrim)
  @IsString({ message: 'Subdomain is required' })
  @MinLength(2, { message: 'Subdomain must be at least 2 characters' })
  @MaxLength(63, { message: 'Subdomain must be at most 63 characters' })
  @Matches(/^[a-z0-9-]+$/, { message: 'Subdomain can only contain lowercase letters, numbers, and hyphens' })
  @Matches(/^[a-z0-9](.*[a-z0-9])?$/, { message: 'Subdomain must start and end with a letter or number' })
  organizationSubdomain!: string;

  /** What kind of organisation it is; `school` when left out. */
  @IsOptional()
  @IsIn(ORGANIZATION_TYPES, { message: 'Organization type must be one of: school, college, university, other' })
  organizationType?: OrganizationType;
}
